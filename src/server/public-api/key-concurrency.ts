import "server-only";
import { and, desc, eq, gt, or, isNull } from "drizzle-orm";
import { apiConcurrencyByPlan } from "@/config/api";
import { isPlanId } from "@/config/plans";
import type { DbOrTx } from "@/server/db/client";
import { subscription } from "@/server/db/schema";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";

/**
 * How many results of a key are generated at once (its lane's limit in the job runner's claim): the key's own
 * setting, else its account's plan's default (a team's key: the team's plan) (src/config/api.ts). Written on each API batch when it is ordered.
 */
export async function keyConcurrency(options: { db: DbOrTx; caller: ApiCaller }): Promise<number> {
  if (options.caller.concurrency !== null) return options.caller.concurrency;
  const [active] = await options.db
    .select({ planId: subscription.planId })
    .from(subscription)
    .where(and(options.caller.teamId ? eq(subscription.teamId, options.caller.teamId) : and(eq(subscription.userId, options.caller.ownerId), isNull(subscription.teamId)), eq(subscription.status, "active"), or(isNull(subscription.paidUntil), gt(subscription.paidUntil, new Date()))))
    .orderBy(desc(subscription.createdAt))
    .limit(1);
  return isPlanId(active?.planId) ? apiConcurrencyByPlan[active.planId] : apiConcurrencyByPlan.none;
}
