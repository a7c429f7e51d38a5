import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * The editor preview of drafts. An editor opens /api/preview?token=<PREVIEW_TOKEN>, which sets the
 * preview cookie; a draft is then served at its address with `?preview&staging`. Without a
 * PREVIEW_TOKEN the preview is off: no cookie is issued and none is accepted.
 */
export const PREVIEW_COOKIE = "aranzer.preview";

/** A working day: an editor signs in to the preview again tomorrow. */
export const PREVIEW_MAX_AGE = 60 * 60 * 10;

type SearchParams = Record<string, string | string[] | undefined>;

/** How far ahead of this server's clock an issue time may be (another instance's clock). */
const CLOCK_SKEW_SECONDS = 60;

/**
 * The cookie's value: its issue time (seconds) and a signature of it keyed with the token, so that a copied
 * cookie gives away neither the token nor more than the rest of its day, and a new PREVIEW_TOKEN revokes
 * every cookie issued before.
 */
export function previewCookieValue(token: string, issuedAtMs = Date.now()): string {
  const issuedAt = Math.floor(issuedAtMs / 1000);
  return `${issuedAt}.${signature(token, issuedAt)}`;
}

function signature(token: string, issuedAt: number): string {
  return createHmac("sha256", token).update(`aranzer.preview:${issuedAt}`).digest("base64url");
}

/** Whether a cookie was issued with this token within PREVIEW_MAX_AGE of `nowMs`. */
function isValidCookie(cookie: string, token: string, nowMs: number): boolean {
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(cookie);
  if (!match) return false;
  const issuedAt = Number(match[1]);
  const age = nowMs / 1000 - issuedAt;
  if (age > PREVIEW_MAX_AGE || age < -CLOCK_SKEW_SECONDS) return false;
  return sameText(match[2]!, signature(token, issuedAt));
}

/** Whether `candidate` is the configured token, compared in constant time; false when none is configured. */
export function isPreviewToken(candidate: string | null | undefined, token: string | undefined): boolean {
  return Boolean(token && candidate) && sameText(candidate!, token!);
}

/**
 * Whether a request may see drafts: PREVIEW_TOKEN is set, the address has both `preview` and `staging`
 * (any value), and the preview cookie was signed with that token less than PREVIEW_MAX_AGE ago.
 */
export function isPreviewRequest({
  searchParams,
  cookie,
  token,
  now = Date.now(),
}: {
  searchParams: SearchParams;
  cookie: string | undefined;
  token: string | undefined;
  /** Milliseconds since the epoch; tests pass their own. */
  now?: number;
}): boolean {
  if (!token || !cookie) return false;
  if (searchParams.preview === undefined || searchParams.staging === undefined) return false;
  return isValidCookie(cookie, token, now);
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
