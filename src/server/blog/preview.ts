import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The editor preview of drafts. An editor opens /api/preview?token=<PREVIEW_TOKEN>, which sets the
 * preview cookie; a draft is then served at its address with `?preview&staging`. Without a
 * PREVIEW_TOKEN the preview is off: no cookie is issued and none is accepted.
 */
export const PREVIEW_COOKIE = "aranzer.preview";

/** A working day: an editor signs in to the preview again tomorrow. */
export const PREVIEW_MAX_AGE = 60 * 60 * 10;

type SearchParams = Record<string, string | string[] | undefined>;

/** The cookie's value: a digest of the token, so that a copied cookie does not give away the token itself. */
export function previewCookieValue(token: string): string {
  return createHash("sha256").update(`aranzer.preview:${token}`).digest("base64url");
}

/** Whether `candidate` is the configured token, compared in constant time; false when none is configured. */
export function isPreviewToken(candidate: string | null | undefined, token: string | undefined): boolean {
  return Boolean(token && candidate) && sameText(candidate!, token!);
}

/**
 * Whether a request may see drafts: PREVIEW_TOKEN is set, the address has both `preview` and `staging`
 * (any value), and the preview cookie was made from that token.
 */
export function isPreviewRequest({ searchParams, cookie, token }: { searchParams: SearchParams; cookie: string | undefined; token: string | undefined }): boolean {
  if (!token || !cookie) return false;
  if (searchParams.preview === undefined || searchParams.staging === undefined) return false;
  return sameText(cookie, previewCookieValue(token));
}

/**
 * Where /api/preview sends the editor: a path of this site (never another host), by default the blog,
 * with `preview` and `staging` added unless `exit` (leaving the preview takes them away).
 */
export function previewRedirectPath(to: string | null | undefined, { exit = false } = {}): string {
  const base = "http://site.invalid";
  let url = new URL("/blog", base);
  if (to && to.startsWith("/") && !to.startsWith("//") && !to.includes("\\")) {
    const candidate = new URL(to, base);
    if (candidate.origin === base) url = candidate;
  }
  for (const name of ["preview", "staging"]) {
    if (exit) url.searchParams.delete(name);
    else if (!url.searchParams.has(name)) url.searchParams.set(name, "1");
  }
  return url.pathname + url.search;
}

/** Equal texts, in time that does not depend on where they differ (both are hashed to one length first). */
function sameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}
