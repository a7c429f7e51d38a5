import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "./compile-hints.mjs";

let dist: string;
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function build(files: Record<string, string>, polyfillFiles: string[] = []) {
  dist = mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    writeFileSync(path.join(dist, name), content);
  }
  writeFileSync(path.join(dist, "build-manifest.json"), JSON.stringify({ polyfillFiles }));
}
const read = (name: string) => readFileSync(path.join(dist, name), "utf8");

describe("addCompileHints", () => {
  it("marks every chunk but the polyfills and the non-JavaScript files, once", () => {
    build(
      {
        "static/chunks/framework.js": "a();",
        "static/chunks/app/page.js": "b();",
        "static/chunks/polyfills.js": "c();",
        "static/chunks/styles.css": "body{}",
      },
      ["static/chunks/polyfills.js"],
    );
    expect(addCompileHints(dist)).toBe(2);
    expect(read("static/chunks/framework.js")).toBe(`${COMPILE_HINT}a();`);
    expect(read("static/chunks/app/page.js")).toBe(`${COMPILE_HINT}b();`);
    expect(read("static/chunks/polyfills.js")).toBe("c();");
    expect(read("static/chunks/styles.css")).toBe("body{}");

    expect(addCompileHints(dist)).toBe(0);
    expect(read("static/chunks/framework.js")).toBe(`${COMPILE_HINT}a();`);
  });

  it("refuses a directory without a build", () => {
    dist = mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
    expect(() => addCompileHints(dist)).toThrow(/next build first/);
  });
});
