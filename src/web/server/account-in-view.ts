import "server-only";
import type { AccountSummary } from "@/server/accounts/get-account-summary";
import type { SubscriptionState } from "@/server/billing/subscription-state";

export type AccountInView = {
  /** The team the person works as now (its owner alone buys and changes plans for it); null: their own account. */
  team: { id: string; name: string; owner: boolean } | null;
  subscription: SubscriptionState | null;
  balance: number;
};

/** What pricing and ordering speak of: the team the person works as (its subscription and pool), else their own. */
export function accountInView(account: AccountSummary): AccountInView {
  const team = account.activeTeam;
  if (!team) return { team: null, subscription: account.subscription, balance: account.balance };
  return { team: { id: team.id, name: team.name, owner: team.role === "owner" }, subscription: team.subscription, balance: team.balance };
}
