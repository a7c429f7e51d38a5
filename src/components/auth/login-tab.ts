/** The login page's panels a link can open: ?tab= in the address, so each switch works before scripts run. */
export type LoginTab = "signIn" | "signUp" | "forgot";

export const tabQuery: Record<LoginTab, string> = { signIn: "signin", signUp: "register", forgot: "forgot" };

export function loginTabOf(query: unknown): LoginTab {
  return query === "register" ? "signUp" : query === "forgot" ? "forgot" : "signIn";
}
