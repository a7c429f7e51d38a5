import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSED_EXTENSIONS } from "../../../scripts/compress-static.mjs";
import { acceptsEncoding, CONTENT_TYPES, precompressedStatic } from "./precompressed-static";

let dist: string;
let server: Server;
let base: string;
const script = "console.log('hello');".repeat(20);

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
  mkdirSync(path.join(dist, "static", "chunks"), { recursive: true });
  writeFileSync(path.join(dist, "static", "chunks", "app.js"), script);
  writeFileSync(path.join(dist, "static", "chunks", "app.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(dist, "static", "chunks", "plain.js"), "plain();");
  writeFileSync(path.join(dist, "secret.js.br"), brotliCompressSync("secret"));
  const serve = precompressedStatic(dist);
  // What the real server does: whatever this does not serve goes on (here: a marker instead of Next).
  server = createServer((req, res) => {
    if (!serve(req, res)) res.writeHead(299).end("passed on");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dist, { recursive: true, force: true });
});

// fetch always decodes br itself, so ask with an explicit header and compare the decoded body.
const get = (url: string, init: RequestInit = {}) => fetch(base + url, { ...init, headers: { "accept-encoding": "gzip, br", ...init.headers } });

// fetch normalises dot segments before sending; a raw request sends the path as written.
function rawStatus(requestPath: string) {
  return new Promise<number>((resolve, reject) => {
    request(base + "/", { path: requestPath, headers: { "accept-encoding": "br" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on("error", reject)
      .end();
  });
}

describe("precompressedStatic", () => {
  it("sends the Brotli copy with its type, cache and security headers", async () => {
    const response = await get("/_next/static/chunks/app.js?dpl=1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toBe("application/javascript; charset=UTF-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe(script);
  });

  it("answers HEAD without a body", async () => {
    const response = await get("/_next/static/chunks/app.js", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(await response.text()).toBe("");
  });

  it("passes on what it does not serve", async () => {
    const passedOn = async (url: string, init: RequestInit = {}) => (await get(url, init)).status === 299;
    expect(await passedOn("/_next/static/chunks/app.js", { headers: { "accept-encoding": "gzip" } })).toBe(true);
    expect(await passedOn("/_next/static/chunks/app.js", { headers: { "accept-encoding": "gzip, br;q=0" } })).toBe(true);
    expect(await passedOn("/_next/static/chunks/plain.js")).toBe(true); // no Brotli copy
    expect(await passedOn("/_next/static/chunks/app.js", { method: "POST" })).toBe(true);
    expect(await passedOn("/_next/static/media/font.woff2")).toBe(true);
    expect(await rawStatus("/_next/static/../secret.js")).toBe(299); // outside static/
    expect(await rawStatus("/_next/static/%2e%2e/secret.js")).toBe(299);
    expect(await passedOn("/_next/static/%E0%A4%A.js")).toBe(true); // malformed escape
    expect(await passedOn("/blog")).toBe(true);
  });
});

describe("the build step and the server", () => {
  it("agree on the kinds of file that get a Brotli copy", () => {
    expect(Object.keys(CONTENT_TYPES).sort()).toEqual([...COMPRESSED_EXTENSIONS].sort());
  });
});

describe("acceptsEncoding", () => {
  it("reads the Accept-Encoding list with its weights", () => {
    expect(acceptsEncoding("gzip, deflate, br, zstd", "br")).toBe(true);
    expect(acceptsEncoding("BR;q=0.5", "br")).toBe(true);
    expect(acceptsEncoding("br;q=0", "br")).toBe(false);
    expect(acceptsEncoding("gzip", "br")).toBe(false);
    expect(acceptsEncoding(undefined, "br")).toBe(false);
    expect(acceptsEncoding(["gzip", "br"], "br")).toBe(true);
    expect(acceptsEncoding("gzip;q=0, br", "gzip")).toBe(false);
    expect(acceptsEncoding("deflate, GZIP;q=0.8", "gzip")).toBe(true);
  });
});
