import "server-only";
import { getAuth } from "./auth";

/** What server.ts calls (through the process singletons) before it answers a signed-in shell from its cache. */
export type SessionCheck = (cookieHeader: string) => Promise<{ setCookies: string[] } | null>;

/**
 * Whether `cookieHeader` holds a live session, checked as the proxy checks it (and rolled the same way: the
 * refreshed cookie comes back to go out with the page).
 */
export const checkSessionCookie: SessionCheck = async (cookieHeader) => {
  const auth = await getAuth();
  const { response, headers } = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }), returnHeaders: true });
  return response ? { setCookies: headers.getSetCookie() } : null;
};
