import "server-only";
import { cache } from "react";
import { getAccountSummary, type AccountSummary } from "@/server/accounts/get-account-summary";
import { getSessionUser } from "./session";

/** The signed-in user's account summary for this request (header, menus, modal), or null. */
export const getCurrentAccount = cache(async (): Promise<AccountSummary | null> => {
  const user = await getSessionUser();
  if (!user) return null;
  return getAccountSummary({ userId: user.id });
});
