import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressStatic } from "./compress-static.mjs";

let dist: string;
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function build(files: Record<string, string>) {
  dist = mkdtempSync(path.join(os.tmpdir(), "compress-static-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
}
const file = (name: string) => path.join(dist, name);

describe("compressStatic", () => {
  it("writes a Brotli copy of every script and stylesheet, and nothing else", () => {
    const script = "console.log('aranżer');".repeat(50);
    build({ "static/chunks/a.js": script, "static/chunks/b.css": "body{color:red}", "static/media/font.woff2": "binary" });
    expect(compressStatic(dist)).toBe(2);
    expect(brotliDecompressSync(readFileSync(file("static/chunks/a.js.br"))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(file("static/chunks/b.css.br"))).toString()).toBe("body{color:red}");
    expect(existsSync(file("static/media/font.woff2.br"))).toBe(false);
  });

  it("keeps copies that are up to date and redoes those whose source changed after them", () => {
    build({ "static/chunks/a.js": "a();", "static/chunks/b.js": "b();" });
    expect(compressStatic(dist)).toBe(2);
    expect(compressStatic(dist)).toBe(0);

    writeFileSync(file("static/chunks/a.js"), "changed();");
    const later = new Date(Date.now() + 5000);
    utimesSync(file("static/chunks/a.js"), later, later);
    expect(compressStatic(dist)).toBe(1);
    expect(brotliDecompressSync(readFileSync(file("static/chunks/a.js.br"))).toString()).toBe("changed();");
  });

  it("refuses a directory without a build", () => {
    build({});
    expect(() => compressStatic(dist)).toThrow(/run next build first/);
  });
});
