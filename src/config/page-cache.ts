import type { RouteKey } from "./routes";
import { CONSENT_COOKIE } from "./consent";

/**
 * Which requests server.ts may answer from its cache of shared pages (src/server/http/shared-page-cache.ts),
 * as data. A page is shared when every visitor without an account sees the same thing at the same URL:
 * no account menu, no balance, nothing from a cookie but the ones below.
 */
export const sharedPages: readonly RouteKey[] = [
  "/",
  "/offer",
  "/pricing",
  "/generator",
  "/blog",
  "/blog/[...slug]",
  "/terms",
  "/privacy",
  "/information-obligation",
  "/login",
];

/**
 * Pages of an account whose HTML holds nothing of the person, and the part of the person's data each shows
 * beyond the header's (GET /api/me?with=<part>). server.ts answers them from the same cache to anyone whose
 * session it confirms, with that data in the page (decision record 0014).
 */
export const signedInShells = { "/design": "gallery", "/generations": "batches" } as const satisfies Partial<Record<RouteKey, string>>;

export function isSignedInShell(key: RouteKey): key is keyof typeof signedInShells {
  return Object.hasOwn(signedInShells, key);
}

/** Cookies that change what a shared page shows (the consent banner, the locale redirect): part of the key. */
export const keyCookies: readonly string[] = [CONSENT_COOKIE, "NEXT_LOCALE"];

/** Cookies no page reads (Google Analytics' own, set in the browser once a visitor agrees). */
export const ignoredCookies = /^(_ga|_ga_\w+|_gid|_gat\w*|_gcl_\w+)$/;

/**
 * The only Set-Cookie a shared page may send and the cache repeats: next-intl remembers the language of the
 * page. Its value follows from the URL and the key cookies, so every visitor with the same key gets the same.
 */
export const replayedCookies: readonly string[] = ["NEXT_LOCALE"];

/** A cached page is fresh this long; then the next visitor still gets it while one render refreshes it. */
export const SHARED_PAGE_FRESH_MS = 15_000;
/** Bytes of pages (plain, gzip and Brotli) kept at most; the least recently served go first. */
export const SHARED_PAGE_CACHE_BYTES = 24 * 1024 * 1024;
/** Longer addresses are not cached: a crawler's endless query strings would only fill the cache. */
export const SHARED_PAGE_MAX_URL = 300;
