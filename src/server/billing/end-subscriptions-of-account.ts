import "server-only";
import { and, eq, isNull, ne } from "drizzle-orm";
import { sandboxObject, subscription } from "@/server/db/schema";
import { syncSubscription } from "./apply-provider-objects";
import type { BillingContext } from "./billing-context";

/**
 * Before an account is deleted: ends its live subscriptions at the provider at once, so nobody is charged
 * for an account that no longer exists, and drops the sandbox's objects of the user. Throws if a provider
 * refuses, so the deletion stops with the account intact and can be tried again.
 */
export async function endSubscriptionsOfAccount(ctx: BillingContext, userId: string): Promise<void> {
  const live = await ctx.db
    .select({ provider: subscription.provider, providerSubscriptionId: subscription.providerSubscriptionId })
    .from(subscription)
    .where(and(eq(subscription.userId, userId), isNull(subscription.endedAt), ne(subscription.status, "canceled")));
  for (const row of live) {
    const view = await ctx.provider(row.provider).cancelNow(row.providerSubscriptionId);
    await syncSubscription(ctx, row.provider, view);
  }
  await ctx.db.delete(sandboxObject).where(eq(sandboxObject.userId, userId));
}
