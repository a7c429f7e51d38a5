import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import { afterEach, describe, expect, it } from "vitest";
import { deferBootstrapScripts, hydrateAfterFirstPaint, loaderScript } from "./hydrate-after-first-paint";

const NONCE = "abc123==";
const tag = (src: string) => `<script src="${src}" async="" nonce="${NONCE}"></script>`;
const HEAD =
  `<!DOCTYPE html><html lang="pl"><head><meta charSet="utf-8"/>` +
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${NONCE}" data-precedence="next"/>` +
  tag("/_next/static/chunks/one.js") +
  tag("/_next/static/chunks/turbopack-two.js") +
  `<title>Cennik | Aranżer</title>` +
  `<script nonce="${NONCE}">document.documentElement.classList.add("x")</script>` +
  `<script src="/_next/static/chunks/polyfill.js" noModule="" nonce="${NONCE}"></script></head>`;
const BODY = `<body><h1>Cennik</h1><script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script></body></html>`;

describe("deferBootstrapScripts", () => {
  it("replaces Next's async script tags with one nonced loader at the place of the first", () => {
    const result = deferBootstrapScripts(HEAD);
    expect(result).not.toContain(`<script src="/_next/static/chunks/one.js"`);
    expect(result).not.toContain(`<script src="/_next/static/chunks/turbopack-two.js"`);
    const loader = `<script nonce="${NONCE}">${loaderScript(["/_next/static/chunks/one.js", "/_next/static/chunks/turbopack-two.js"])}</script>`;
    expect(result).toContain(`data-precedence="next"/>${loader}<title>`);
    // Inline scripts and the noModule polyfill are not bootstrap tags and stay where they were.
    expect(result).toContain(`<script nonce="${NONCE}">document.documentElement.classList.add("x")</script>`);
    expect(result).toContain(`noModule=""`);
  });

  it("leaves a head without bootstrap tags, or with tags of another shape, as it is", () => {
    const head = `<head><script src="/_next/static/chunks/one.js" defer=""></script><script src="https://cdn.example/x.js" async=""></script></head>`;
    expect(deferBootstrapScripts(head)).toBe(head);
  });

  it("does not write the nonce into the loader's text", () => {
    expect(loaderScript(["/_next/static/chunks/one.js"])).not.toContain(NONCE);
  });
});

describe("hydrateAfterFirstPaint", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  // As in server.ts: the compression middleware outside, the rewrite inside it.
  async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
    const compress = compression({ threshold: 0 });
    const server = createServer((req, res) =>
      compress(req, res, () => {
        hydrateAfterFirstPaint(res);
        handler(req, res);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it("rewrites the head of a streamed document whose head is split across writes, and keeps a split letter", async () => {
    const bytes = Buffer.from(HEAD + BODY, "utf8");
    const splitInsideLetter = bytes.indexOf(Buffer.from("ż", "utf8")) + 1; // between the two bytes of ż
    const url = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.flushHeaders();
      const parts = [bytes.subarray(0, 40), bytes.subarray(40, splitInsideLetter), bytes.subarray(splitInsideLetter, HEAD.length + 10)];
      const next = () => {
        const part = parts.shift();
        if (!part) return res.end(bytes.subarray(HEAD.length + 10));
        res.write(part);
        setImmediate(next);
      };
      next();
    });
    for (const encoding of ["br", "gzip", "identity"]) {
      const response = await fetch(url, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding") ?? "identity").toBe(encoding);
      const body = await response.text(); // fetch decodes br and gzip
      expect(body).toBe(deferBootstrapScripts(HEAD) + BODY);
      expect(body).toContain("Cennik | Aranżer");
    }
  });

  it("passes on a letter split by a chunk boundary right after the head", async () => {
    const bytes = Buffer.from(HEAD + "<body><p>Żółw</p></body></html>", "utf8");
    const insideŻ = bytes.indexOf(Buffer.from("Ż", "utf8")) + 1;
    const url = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.write(bytes.subarray(0, insideŻ));
      setImmediate(() => res.end(bytes.subarray(insideŻ)));
    });
    expect(await (await fetch(url)).text()).toBe(deferBootstrapScripts(HEAD) + "<body><p>Żółw</p></body></html>");
  });

  it("rewrites a document sent in one end() call and drops a stale Content-Length", async () => {
    const url = await serve((_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Length", Buffer.byteLength(HEAD + BODY));
      res.end(HEAD + BODY);
    });
    const response = await fetch(url);
    const body = await response.text();
    expect(body).toBe(deferBootstrapScripts(HEAD) + BODY);
    expect([null, String(Buffer.byteLength(body))]).toContain(response.headers.get("content-length"));
  });

  it("passes other responses through untouched, including end(callback)", async () => {
    const json = JSON.stringify({ html: HEAD });
    const url = await serve((req, res) => {
      if (req.url === "/empty") {
        res.statusCode = 204;
        res.end(() => undefined);
        return;
      }
      res.setHeader("Content-Type", "application/json");
      res.write(json.slice(0, 10));
      res.end(json.slice(10));
    });
    expect(await (await fetch(url)).text()).toBe(json);
    expect((await fetch(`${url}empty`)).status).toBe(204);
  });

  it("leaves HTML alone when its length has already gone out in the headers", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html", "Content-Length": Buffer.byteLength(HEAD) });
      res.end(HEAD);
    });
    // Uncompressed, so the length stands (a compressed response drops it, and then the head is rewritten).
    expect(await (await fetch(url, { headers: { "accept-encoding": "identity" } })).text()).toBe(HEAD);
  });
});
