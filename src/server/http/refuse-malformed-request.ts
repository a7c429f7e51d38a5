import { statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { staticSecurityHeaders } from "../../config/security-headers";

/** The methods the product answers; Next throws on others (TRACE gave a 500 without security headers). */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Headers of answers made here, before Next: the usual ones, and a CSP that allows nothing (plain text). */
const headers = { ...staticSecurityHeaders, "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'", "Cache-Control": "no-store" };

/** A `%` that does not start an escape: the second decoding would throw. */
const STRAY_PERCENT = /%(?![0-9a-f]{2})/i;
/** A NUL, or one the second decoding would make: no path of ours has one, and the database refuses it in any text. */
const NUL = /\u0000|%00/i;

export type Refusal = { status: 400 | 405; allow?: string };

/**
 * What Next would answer with a 500: a method we do not serve (405), a path whose percent-encoding does
 * not decode (400), nor decode twice (400: Next decodes a route's parameters once more, so `/en/%25zz`
 * reaches it as `%zz`), a path with a NUL (400: an id that holds one would fail its query), anything but a read
 * of a public file (405: Next sets Allow, then fails). Else null.
 */
export function malformedRequest(method: string | undefined, url: string | undefined, isPublicFile: (pathname: string) => boolean = () => false): Refusal | null {
  if (!method || !METHODS.includes(method)) return { status: 405, allow: METHODS.join(", ") };
  const target = url ?? "";
  if (!target.startsWith("/")) return { status: 400 };
  let pathname: string;
  try {
    pathname = decodeURIComponent(target.split("?")[0]!);
  } catch {
    return { status: 400 };
  }
  if (STRAY_PERCENT.test(pathname) || NUL.test(pathname)) return { status: 400 };
  if (method !== "GET" && method !== "HEAD" && isPublicFile(pathname)) return { status: 405, allow: "GET, HEAD" };
  return null;
}

/** Whether a decoded path names a file under `dir` (asked only for the rare writes, so a stat is cheap enough). */
export function publicFiles(dir: string): (pathname: string) => boolean {
  const root = path.resolve(dir);
  return (pathname) => {
    const file = path.resolve(root, `.${pathname}`);
    if (!file.startsWith(root + path.sep)) return false;
    try {
      // Not a file the bundler should trace (it would take the whole project in): a path asked for at run time.
      return statSync(/*turbopackIgnore: true*/ file).isFile();
    } catch {
      return false;
    }
  };
}

/**
 * Answers, with the security headers, what Next would turn into a bare 500 (see malformedRequest);
 * returns false for everything else. Runs first in server.ts, for build files and pages alike.
 */
export function refuseMalformedRequest(req: IncomingMessage, res: ServerResponse, isPublicFile?: (pathname: string) => boolean): boolean {
  const refusal = malformedRequest(req.method, req.url, isPublicFile);
  if (refusal === null) return false;
  res.writeHead(refusal.status, { ...headers, "Content-Type": "text/plain; charset=utf-8", ...(refusal.allow ? { Allow: refusal.allow } : {}) });
  res.end(refusal.status === 405 ? "Method not allowed\n" : "Bad request: malformed URL\n");
  return true;
}

/**
 * Requests Node's parser refuses (an unknown method, oversized headers) never reach a handler; Node would
 * answer a bare 400. The same answer, with the security headers. (Node's `clientError` listener.)
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET") return void socket.destroy();
  const [status, reason] =
    error.code === "HPE_HEADER_OVERFLOW" ? [431, "Request Header Fields Too Large"] : error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? [408, "Request Timeout"] : [400, "Bad Request"];
  const lines = Object.entries({ ...headers, "Content-Type": "text/plain; charset=utf-8", "Content-Length": String(reason.length + 1), Connection: "close" }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines.join("\r\n")}\r\n\r\n${reason}\n`);
}
