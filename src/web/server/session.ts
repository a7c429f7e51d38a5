import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/server/auth/auth";
import { openSessionUser, SESSION_SEAL_HEADER, sessionCookieOf } from "@/server/auth/seal-session-user";
import { pathFor, type Locale } from "@/config/routes";

export type SessionUser = { id: string; email: string; emailVerified: boolean };

/**
 * The signed-in user of this request, or null. Cached per request. On a signed-in page the proxy has just
 * verified the session and sealed the user into the request (src/server/auth/seal-session-user.ts);
 * anywhere else the session is looked up here.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const requestHeaders = await headers();
  const sealed = openSessionUser({ value: requestHeaders.get(SESSION_SEAL_HEADER), sessionCookie: sessionCookieOf(await cookies()) });
  if (sealed) return sealed;
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: requestHeaders });
  if (!result) return null;
  return { id: result.user.id, email: result.user.email, emailVerified: result.user.emailVerified };
});

/**
 * For pages and actions that need a user. The proxy already sent visitors without a session to the
 * login page (keeping the path they wanted); this catches a session that ended in between, and hands the
 * path to the proxy through ?return= so it is kept the same way.
 */
export async function requireUser(locale: Locale): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) {
    const path = (await headers()).get("x-pathname");
    redirect(`${pathFor("/login", locale)}${path ? `?return=${encodeURIComponent(path)}` : ""}`);
  }
  return user;
}
