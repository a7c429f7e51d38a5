import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/server/auth/auth";
import { pathFor, type Locale } from "@/config/routes";

export type SessionUser = { id: string; email: string; emailVerified: boolean };

/** The signed-in user of this request, or null. Cached per request. */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const auth = await getAuth();
  const result = await auth.api.getSession({ headers: await headers() });
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
