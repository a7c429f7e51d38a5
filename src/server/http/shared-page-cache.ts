import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { matchPath } from "../../config/routes";
import { acceptsEncoding } from "./precompressed-static";
import { contentSecurityPolicy } from "./csp";
import { FILL_HEADER } from "./page-fill-token";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A cache of the pages every visitor without an account sees alike (landing, offer, pricing, blog, legal
 * pages, sign-in), in front of Next's renderer in server.ts: a crowd after an advert is answered from memory
 * instead of queueing behind one render per request.
 *
 * Pages render per request because their CSP carries a nonce. A cached copy keeps the strict policy with
 * hashes instead: the cache fills itself by asking this server for the page, and lists the sha256 of exactly
 * the inline scripts that render marked with its nonce — never of a script without it, so markup injected
 * into a page (a comment, say) stays blocked as it was under the nonce.
 *
 * What it caches: GET and HEAD of a shared page (config/page-cache.ts) from a browser with no cookies but the
 * key cookies and ignored analytics ones (an account's session cookie, a preview or return cookie: rendered
 * as before), not a router request (RSC), answered 200 with HTML and no Set-Cookie but the replayed ones.
 *
 * Signed-in shells: the pages of an account whose HTML holds nothing of the person, answered from the same
 * cache to a visitor whom `visitShell` confirms, keyed on the path alone (the page reads its query in the
 * browser), with what `visitShell` returns for them (their data) inserted before `</body>` and compressed
 * for them; any other visitor is rendered, and the proxy sends them to sign in. The session's refreshed
 * cookie, if the check rolled it, goes along.
 * Each entry is fresh for `freshMs`; after that the next visitor still gets it while one render refreshes it
 * in the background. Visitors who arrive while the first render of a page is under way wait for that render.
 */
export type SharedPageCacheOptions = {
  /** Where this server answers, for the requests that fill the cache (the address it listens on). */
  origin: () => string;
  sharedPages: readonly string[];
  keyCookies: readonly string[];
  ignoredCookies: RegExp;
  replayedCookies: readonly string[];
  freshMs: number;
  maxBytes: number;
  maxUrlLength: number;
  tagManager: boolean;
  /** Pages of an account that render nothing of the person (config/page-cache.ts). */
  signedInShells?: readonly string[];
  /**
   * For a signed-in shell: null unless the request's cookies hold a live session; else the cookies its check
   * set (a rolled session) and the markup that carries the person's data in their copy of the page.
   */
  visitShell?: (request: { cookieHeader: string; routeKey: string; locale: string }) => Promise<{ setCookies: string[]; bodyEnd: string } | null>;
  /** Sent as FILL_HEADER's value: the proxy lets a fill of a signed-in shell through without a session. */
  fillToken?: string;
  now?: () => number;
  log?: (fields: Record<string, unknown>) => void;
};

/** Says how a response was answered: `hit`, `stale` (served while a refresh runs) or absent (rendered). */
export const CACHE_STATUS_HEADER = "x-page-cache";

type Page = {
  headers: OutgoingHttpHeaders;
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
  bytes: number;
  storedAt: number;
};

/** Headers of the render that are not repeated: they describe one response, or are set anew. */
const PER_RESPONSE = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "x-request-id", "content-security-policy", "set-cookie"]);
/** Distinct addresses remembered as not cacheable (404s of a crawler's guesses) before the list starts over. */
const MAX_REFUSED_KEYS = 1000;
const FILL_TIMEOUT_MS = 10_000;
/** Requests of Next's client router: their answers differ per header (see the page's Vary) and are not cached. */
const ROUTER_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action", "next-url"];

export function sharedPageCache(options: SharedPageCacheOptions) {
  const now = options.now ?? Date.now;
  const shared = new Set(options.sharedPages);
  const shells = new Set(options.visitShell ? (options.signedInShells ?? []) : []);
  const pages = new Map<string, Page>();
  /** Keys whose render answered something not to cache (a 404, a redirect), until then: rendered as usual. */
  const uncacheable = new Map<string, number>();
  const filling = new Map<string, Promise<Page | null>>();
  let bytes = 0;
  /** Counts `clear()`s: a render that began before one may show what changed since, and is not kept. */
  let generation = 0;

  /** The cache key (and whether the page is a signed-in shell), or null when this request must be rendered for its visitor. */
  function keyOf(req: IncomingMessage): { key: string; shell: { routeKey: string; locale: string } | null } | null {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const url = req.url ?? "";
    if (url.length > options.maxUrlLength || !url.startsWith("/") || url.includes("_rsc=")) return null;
    if (req.headers[FILL_HEADER] !== undefined || req.headers.authorization !== undefined) return null;
    if (ROUTER_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
    const pathname = url.split("?")[0]!;
    const route = matchPath(pathname);
    if (!route) return null;
    const shell = shells.has(route.key) ? { routeKey: route.key, locale: route.locale } : null;
    if (!shell && !shared.has(route.key)) return null;
    const keyed: string[] = [];
    for (const [name, value] of parseCookies(req.headers.cookie)) {
      if (options.keyCookies.includes(name)) keyed.push(`${name}=${value}`);
      // A shell is the same for every account: their session (and any other cookie) decides only who gets it.
      else if (!shell && !options.ignoredCookies.test(name)) return null;
    }
    return { key: `${shell ? pathname : url} ${keyed.sort().join("; ")}`, shell };
  }

  function forget(key: string) {
    const old = pages.get(key);
    if (old) bytes -= old.bytes;
    pages.delete(key);
  }

  /** Stores (or, for a page just served, moves) `page` to the end of the map, which is the most recent. */
  function remember(key: string, page: Page) {
    forget(key);
    pages.set(key, page);
    bytes += page.bytes;
    for (const [oldest, entry] of pages) {
      if (bytes <= options.maxBytes) break;
      pages.delete(oldest);
      bytes -= entry.bytes;
    }
  }

  async function fill(key: string, req: IncomingMessage, shellFill: boolean): Promise<Page | null> {
    const startedIn = generation;
    // Only what the key holds goes along (its cookies): a page rendered from anything else the visitor sent
    // (Host, User-Agent) could be poisoned by one visitor for everyone.
    const headers: Record<string, string> = { [FILL_HEADER]: options.fillToken ?? "1", accept: "text/html", "accept-encoding": "identity" };
    const keyed = parseCookies(req.headers.cookie).filter(([name]) => options.keyCookies.includes(name));
    if (keyed.length > 0) headers.cookie = keyed.map(([name, value]) => `${name}=${value}`).join("; ");
    // A shell is rendered for its path: the person's query is read by the page in the browser.
    const target = shellFill ? req.url!.split("?")[0]! : req.url!;
    // Visitors wait for this render: a render that hangs must not hold them (they then get one of their own).
    const response = await fetch(new URL(target, options.origin()), { headers, redirect: "manual", signal: AbortSignal.timeout(FILL_TIMEOUT_MS) });
    const html = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get("content-type") ?? "";
    const cookies = response.headers.getSetCookie();
    const replayable = cookies.every((cookie) => options.replayedCookies.includes(cookie.slice(0, cookie.indexOf("="))));
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    if (response.status !== 200 || !contentType.startsWith("text/html") || !replayable || !nonce) {
      if (uncacheable.size >= MAX_REFUSED_KEYS) uncacheable.clear();
      uncacheable.set(key, now());
      forget(key);
      return null;
    }
    const pageHeaders: OutgoingHttpHeaders = {};
    response.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) pageHeaders[name] = value;
    });
    if (cookies.length > 0) pageHeaders["set-cookie"] = cookies;
    pageHeaders["content-security-policy"] = contentSecurityPolicy({ hashes: inlineScriptHashes(html.toString("utf8"), nonce), dev: false, tagManager: options.tagManager });
    // Once per page and refresh, off the main thread; moderate levels, since a flood of distinct URLs makes
    // every request a fill.
    // A shell goes out only as each visitor's own copy, compressed for them (send).
    const [br, gz] = shellFill
      ? [Buffer.alloc(0), Buffer.alloc(0)]
      : await Promise.all([
          brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 7, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
          gzipAsync(html, { level: 6 }),
        ]);
    const page: Page = { headers: pageHeaders, plain: html, gzip: gz, br, bytes: html.length + gz.length + br.length, storedAt: now() };
    if (startedIn !== generation) return null;
    uncacheable.delete(key);
    remember(key, page);
    return page;
  }

  /** One render per key at a time; everyone asking meanwhile shares its outcome. */
  function fillOnce(key: string, req: IncomingMessage, shell: boolean): Promise<Page | null> {
    let pending = filling.get(key);
    if (!pending) {
      pending = fill(key, req, shell)
        .catch((error: unknown) => {
          options.log?.({ event: "page_cache.fill_failed", key, error: error instanceof Error ? error.message : String(error) });
          return null;
        })
        .finally(() => filling.delete(key));
      filling.set(key, pending);
    }
    return pending;
  }

  async function send(req: IncomingMessage, res: ServerResponse, page: Page, status: "hit" | "stale", visitor?: { setCookies: string[]; bodyEnd: string }) {
    const accepted = req.headers["accept-encoding"];
    const setCookies = visitor?.setCookies ?? [];
    const encoding = acceptsEncoding(accepted, "br") ? "br" : acceptsEncoding(accepted, "gzip") ? "gzip" : undefined;
    let body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.plain;
    if (visitor) {
      // This visitor's copy: their data before </body>, compressed for them at a fast level, off the main
      // thread (docs/benchmarks.md, "Pages under a crowd").
      const at = page.plain.lastIndexOf("</body>");
      const end = at < 0 ? page.plain.length : at;
      const own = Buffer.concat([page.plain.subarray(0, end), Buffer.from(visitor.bodyEnd, "utf8"), page.plain.subarray(end)]);
      body =
        encoding === "br"
          ? await brotli(own, { params: { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_LGWIN]: windowBitsFor(own.length), [zlib.BROTLI_PARAM_SIZE_HINT]: own.length } })
          : encoding === "gzip"
            ? await gzipAsync(own, { level: 1 })
            : own;
    }
    const replayed = page.headers["set-cookie"];
    const cookies = [...(Array.isArray(replayed) ? replayed : replayed === undefined ? [] : [String(replayed)]), ...setCookies];
    res.writeHead(200, {
      ...page.headers,
      ...(cookies.length > 0 ? { "set-cookie": cookies } : {}),
      ...(encoding ? { "content-encoding": encoding } : {}),
      "content-length": body.length,
      [CACHE_STATUS_HEADER]: status,
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /**
   * Answers the request from the cache, or calls `render` to have Next answer it. Asynchronous only while a
   * first render of the same page is under way.
   */
  async function handle(req: IncomingMessage, res: ServerResponse, render: () => void): Promise<void> {
    const keyed = keyOf(req);
    if (keyed === null) return render();
    const { key, shell } = keyed;
    let visitor: { setCookies: string[]; bodyEnd: string } | undefined;
    if (shell) {
      // No session, an ended one, or a check that failed: Next renders, and its proxy sends the visitor to sign in.
      const visited = typeof req.headers.cookie === "string" ? await options.visitShell!({ cookieHeader: req.headers.cookie, ...shell }) : null;
      if (!visited) return render();
      visitor = visited;
    }
    const refused = uncacheable.get(key);
    if (refused !== undefined && now() - refused < options.freshMs) return render();
    const page = pages.get(key);
    if (page) {
      const fresh = now() - page.storedAt < options.freshMs;
      if (fresh) remember(key, page);
      else void fillOnce(key, req, shell !== null);
      return send(req, res, page, fresh ? "hit" : "stale", visitor);
    }
    const filled = await fillOnce(key, req, shell !== null);
    if (filled) await send(req, res, filled, "hit", visitor);
    else render();
  }

  /** Forgets every page (their content changed): the next visitor of each waits for a fresh render. */
  /**
   * Forgets the pages at these paths (`/blog/a`, `/en/blog/b`), whatever their query and key cookies, and
   * keeps none of the renders under way (they may have read the page before the change); other pages stay.
   */
  function forgetPaths(paths: readonly string[]) {
    generation++;
    // Compared decoded: a slug may arrive percent-encoded or not.
    const decoded = (pathname: string) => {
      try {
        return decodeURIComponent(pathname);
      } catch {
        return pathname;
      }
    };
    const gone = new Set(paths.map(decoded));
    const pathOf = (key: string) => decoded(key.slice(0, key.indexOf(" ")).split("?")[0]!);
    for (const key of [...pages.keys()]) if (gone.has(pathOf(key))) forget(key);
    for (const key of [...uncacheable.keys()]) if (gone.has(pathOf(key))) uncacheable.delete(key);
  }

  function clear() {
    generation++;
    pages.clear();
    uncacheable.clear();
    bytes = 0;
  }

  return { handle, clear, forgetPaths, size: () => ({ pages: pages.size, bytes }) };
}

function parseCookies(header: string | undefined): [string, string][] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf("=");
      return at < 0 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];
    });
}

/**
 * The base64 sha256 of each inline script that carries `nonce` (scripts with a src come from 'self'). The
 * text between the tags is what the browser hashes: raw text, not decoded as HTML.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1]!;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const carried = /\snonce\s*=\s*"([^"]*)"/i.exec(attributes)?.[1];
    if (carried !== nonce) continue;
    hashes.add(createHash("sha256").update(match[2]!, "utf8").digest("base64"));
  }
  return [...hashes];
}

/**
 * The smallest Brotli window that holds the whole page, for a visitor's own copy: the encoder allocates its ring
 * buffer at the window's size on every call (4 MB at the default), which cost more than compressing the page
 * (docs/benchmarks.md, "Pages under a crowd").
 */
function windowBitsFor(bytes: number): number {
  return Math.min(zlib.BROTLI_DEFAULT_WINDOW, Math.max(zlib.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))));
}
