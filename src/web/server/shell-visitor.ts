import "server-only";
import type { Locale } from "@/config/routes";
import { getAuth } from "@/server/auth/auth";
import type { PersonData, PersonDataPart } from "@/web/shared/person-data";
import { readPersonData } from "./person-data";

/**
 * Who is asking for a signed-in shell (decision record 0014), for server.ts, which reaches it through the
 * process singletons (it needs the auth module, which lives in Next's server bundle; instrumentation.ts
 * installs it): the session checked as the proxy checks it (and rolled the same way: the refreshed cookie
 * goes out with the page), and the person's data, which goes out in the page so it needs no second request.
 * Null for a visitor without a live session.
 */
export type ShellVisitor = (options: { cookieHeader: string; locale: Locale; part: PersonDataPart }) => Promise<{ setCookies: string[]; person: PersonData } | null>;

export const shellVisitor: ShellVisitor = async ({ cookieHeader, locale, part }) => {
  const auth = await getAuth();
  const { response, headers } = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader }), returnHeaders: true });
  if (!response) return null;
  const person = await readPersonData({ userId: response.user.id, locale, part });
  return person ? { setCookies: headers.getSetCookie(), person } : null;
};
