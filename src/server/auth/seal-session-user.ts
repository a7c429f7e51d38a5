import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { remember } from "@/server/process-singletons";

/**
 * The proxy verifies a signed-in page's session against the database (and rolls it); the render of the same
 * request then needs the user without a second lookup. The proxy hands the user over in a request header
 * sealed with a key that never leaves this process, bound to the request's session cookie and valid for
 * seconds, so a header sent by a client, copied from another request or kept past the render opens to nothing.
 */
export const SESSION_SEAL_HEADER = "x-aranzer-session-user";

/** Long enough for the render that follows the proxy, short enough that a seal is worth nothing later. */
const SEAL_TTL_MS = 30_000;

export type SealedUser = { id: string; email: string; emailVerified: boolean };

const key = () => remember("sessionSealKey", () => randomBytes(32));

function mac(payload: string, sessionCookie: string): Buffer {
  return createHmac("sha256", key()).update(payload).update("\n").update(sessionCookie).digest();
}

/** The header value for `user`, whose session the proxy has just verified from `sessionCookie`. */
export function sealSessionUser(options: { user: SealedUser; sessionCookie: string; now?: number }): string {
  const { user, sessionCookie, now = Date.now() } = options;
  const payload = Buffer.from(JSON.stringify([user.id, user.email, user.emailVerified, now + SEAL_TTL_MS])).toString("base64url");
  return `${payload}.${mac(payload, sessionCookie).toString("base64url")}`;
}

/** The user sealed in `value` for this `sessionCookie`, or null when it is missing, forged, for another cookie or stale. */
export function openSessionUser(options: { value: string | null; sessionCookie: string | undefined; now?: number }): SealedUser | null {
  const { value, sessionCookie, now = Date.now() } = options;
  if (!value || !sessionCookie) return null;
  const [payload, signature] = value.split(".");
  if (!payload || !signature) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(payload, sessionCookie);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [id, email, emailVerified, expiresAt] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [string, string, boolean, number];
  if (expiresAt < now) return null;
  return { id, email, emailVerified };
}

const SESSION_COOKIES = ["__Secure-aranzer.session_token", "aranzer.session_token"];

/** The request's signed session cookie (what a seal is bound to), under either of its names. */
export function sessionCookieOf(cookies: { get(name: string): { value: string } | undefined }): string | undefined {
  for (const name of SESSION_COOKIES) {
    const value = cookies.get(name)?.value;
    if (value) return value;
  }
  return undefined;
}
