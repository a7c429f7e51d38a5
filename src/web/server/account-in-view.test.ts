import { describe, expect, it } from "vitest";
import { getAccountSummary } from "@/server/accounts/get-account-summary";
import { subscription, tokenAccount } from "@/server/db/schema";
import { createTeam } from "@/server/teams/create-team";
import { switchAccount } from "@/server/teams/switch-account";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { insertUser, useInstalledPglite } from "~/tests/support/databases";
import { accountInView } from "./account-in-view";
import { accountMenuData } from "./account-menu-data";

describe("the account pricing and ordering speak of", () => {
  const db = useInstalledPglite();

  it("is the team with its own subscription and pool while the person works as it, else their own", async () => {
    const userId = await insertUser(db());
    const month = new Date(Date.now() + 30 * 86_400_000);
    await db().db.insert(tokenAccount).values({ userId, balance: 481 });
    await db().db.insert(subscription).values({ userId, provider: "sandbox", providerSubscriptionId: `own_${userId}`, planId: "mini", status: "active", paidUntil: month });
    const { id: teamId } = await createTeam({ db: db().db, userId, name: "Biuro Wisła" });

    // Working as the team, which has no plan yet: nothing of the person's own subscription or balance.
    expect(accountInView((await getAccountSummary({ userId }))!)).toEqual({ team: { id: teamId, name: "Biuro Wisła", owner: true }, subscription: null, balance: 0 });
    // The header's crown and plan line follow the same account as its pool.
    expect(accountMenuData((await getAccountSummary({ userId }))!, "en")).toMatchObject({ subscriptionActive: false, subscriptionLabel: "No subscription" });

    await db().db.insert(subscription).values({ userId, teamId, provider: "sandbox", providerSubscriptionId: `team_${teamId}`, planId: "pro", status: "active", paidUntil: month });
    await grantTokens({ db: db().db, userId, teamId, amount: 50, kind: "purchase", idempotencyKey: `pool:${teamId}` });
    expect(accountInView((await getAccountSummary({ userId }))!)).toMatchObject({ team: { name: "Biuro Wisła" }, subscription: { planId: "pro", active: true }, balance: 50 });

    expect(accountMenuData((await getAccountSummary({ userId }))!, "en")).toMatchObject({ subscriptionActive: true, subscriptionLabel: expect.stringMatching(/^Pro · Active until /) });

    await switchAccount({ db: db().db, userId, teamId: null });
    expect(accountInView((await getAccountSummary({ userId }))!)).toMatchObject({ team: null, subscription: { planId: "mini", active: true }, balance: 481 });
    expect(accountMenuData((await getAccountSummary({ userId }))!, "en")).toMatchObject({ subscriptionActive: true, subscriptionLabel: expect.stringMatching(/^Mini · /), tokensLabel: expect.stringContaining("481") });
  });
});
