import "server-only";
import { and, desc, eq, gt, inArray, or, isNull, sql } from "drizzle-orm";
import { apiConcurrencyByPlan } from "@/config/api";
import { isPlanId } from "@/config/plans";
import type { DbOrTx } from "@/server/db/client";
import { apiBatch, subscription, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";

/**
 * Refuses new work past a key's concurrency (its own setting, else its owner's plan's default): RATE_LIMITED
 * (reason keyConcurrency) while the key has that many visualizations (requests, whatever their number of
 * results) with a result queued or running, with a Retry-After of a few seconds. The queue itself is fair between people (src/server/generation/claim-jobs.ts); this keeps one
 * key from filling it.
 */
export async function checkKeyConcurrency(options: { db: DbOrTx; caller: ApiCaller }): Promise<void> {
  const limit = options.caller.concurrency ?? (await planConcurrency(options.db, options.caller.ownerId));
  const [row] = await options.db
    .select({ n: sql<number>`count(distinct ${visualization.batchId})::int` })
    .from(visualization)
    .innerJoin(apiBatch, eq(apiBatch.batchId, visualization.batchId))
    .where(and(eq(apiBatch.keyId, options.caller.keyId), eq(apiBatch.finished, false), inArray(visualization.status, ["queued", "running"])));
  const inFlight = Number(row?.n ?? 0);
  if (inFlight >= limit) throw new AppError("RATE_LIMITED", { reason: "keyConcurrency", limit, retryAfter: 5 });
}

async function planConcurrency(db: DbOrTx, ownerId: string): Promise<number> {
  const [active] = await db
    .select({ planId: subscription.planId })
    .from(subscription)
    .where(and(eq(subscription.userId, ownerId), eq(subscription.status, "active"), or(isNull(subscription.paidUntil), gt(subscription.paidUntil, new Date()))))
    .orderBy(desc(subscription.createdAt))
    .limit(1);
  return isPlanId(active?.planId) ? apiConcurrencyByPlan[active.planId] : apiConcurrencyByPlan.none;
}
