import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { config } from "~/proxy";

const runs = (url: string, headers: Record<string, string> = {}) => unstable_doesMiddlewareMatch({ config, url, headers });

describe("which requests pass proxy.ts", () => {
  it.each(["/", "/cennik", "/en/pricing", "/blog/a.b", "/blog/covers", "/blog/coversx/a.webp", "/a.b", "/login.php", "/en/pricing.json", "/.well-known/x", "/api/auth/sign-in/email", "/api/auth/x.y", "/api/images.x", "/api/imagesx", "/api/v1", "/mcpx"])(
    "%s: pages and routes, paths with a dot included",
    (path) => expect(runs(path)).toBe(true),
  );

  it.each(["/_next/static/chunks/a.js", "/_next/image", "/api/images", "/api/images/abc", "/api/v1/visualizations", "/mcp", "/robots.txt", "/sitemap.xml", "/icon.svg"])(
    "%s: build files, uploads and generated static files skip it",
    (path) => expect(runs(path)).toBe(false),
  );

  it("every public folder or file skips it (they stay as fast as the static server)", () => {
    // The first file of every folder, however deep (public/blog/covers/ sits under a page's path).
    const firstFile = (dir: string): string => {
      const entry = readdirSync(dir, { withFileTypes: true })[0]!;
      return entry.isDirectory() ? firstFile(`${dir}/${entry.name}`) : `${dir}/${entry.name}`;
    };
    for (const entry of readdirSync("public", { withFileTypes: true })) {
      const url = (entry.isDirectory() ? firstFile(`public/${entry.name}`) : `public/${entry.name}`).slice("public".length);
      expect(runs(url), url).toBe(false);
    }
  });

  it("a server action posted to a skipped path passes it, for the origin check", () => {
    expect(runs("/library/kitchen.jpg", { "next-action": "abc" })).toBe(true);
    expect(runs("/robots.txt", { "next-action": "abc" })).toBe(true);
    expect(runs("/api/images", { "next-action": "abc" })).toBe(false);
  });
});
