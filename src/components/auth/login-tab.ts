import { pathFor, type Locale } from "@/config/routes";

/** The login page's panels a link can open: ?tab= in the address, so each switch works before scripts run. */
export type LoginTab = "signIn" | "signUp" | "forgot";

export const tabQuery: Record<LoginTab, string> = { signIn: "signin", signUp: "register", forgot: "forgot" };

export function loginTabOf(query: unknown): LoginTab {
  return query === "register" ? "signUp" : query === "forgot" ? "forgot" : "signIn";
}

/** The login page (`loginPath`) opened on `tab`. The server renders that panel, so the link works before scripts run. */
export function loginTabHref(loginPath: string, tab: LoginTab): string {
  return `${loginPath}?tab=${tabQuery[tab]}`;
}

/** Where every call to start for free leads: the login page on its sign-up panel. */
export function signUpHref(locale: Locale): string {
  return loginTabHref(pathFor("/login", locale), "signUp");
}
