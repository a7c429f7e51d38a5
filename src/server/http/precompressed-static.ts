import { createReadStream, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { staticSecurityHeaders } from "../../config/security-headers";

const URL_PREFIX = "/_next/static/";
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
};

/** True when an Accept-Encoding header admits `coding` (`br`, not `br;q=0`). */
export function acceptsEncoding(header: string | string[] | undefined, coding: "br" | "gzip"): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";").map((p) => p.trim());
    if (name !== coding) return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Sends the Brotli copies that scripts/compress-static.mjs wrote next to the build's scripts and
 * stylesheets. Returns false (and sends nothing) for anything it does not serve, so the caller hands
 * those requests on (server.ts compresses them on the fly).
 */
export function precompressedStatic(distDir: string) {
  const root = path.resolve(distDir, "static");
  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!url.startsWith(URL_PREFIX) || !acceptsEncoding(req.headers["accept-encoding"], "br")) return false;
    let relative: string;
    try {
      relative = decodeURIComponent(url.slice(URL_PREFIX.length).split("?")[0]!);
    } catch {
      return false;
    }
    const contentType = CONTENT_TYPES[path.extname(relative)];
    const file = path.resolve(root, `${relative}.br`);
    if (!contentType || !file.startsWith(root + path.sep)) return false;
    let size: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return false;
      size = stat.size;
    } catch {
      return false;
    }
    res.writeHead(200, {
      ...staticSecurityHeaders,
      "Content-Type": contentType,
      "Content-Encoding": "br",
      "Content-Length": size,
      // File names carry a content hash, so a name always means the same bytes.
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    });
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    createReadStream(file)
      .on("error", (error) => res.destroy(error))
      .pipe(res);
    return true;
  };
}
