import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { PlanId } from "@/config/plans";
import type { DbOrTx } from "@/server/db/client";
import { subscription } from "@/server/db/schema";

export type SubscriptionState = {
  id: string;
  provider: "sandbox" | "stripe";
  providerSubscriptionId: string;
  customerId: string | null;
  planId: PlanId;
  /** The plan the next renewal charges, when the user changed plan. */
  nextPlanId: PlanId | null;
  /** Paid through the current period and not ended by the provider. */
  active: boolean;
  /** Will not renew: cancelled at period end, or ended. */
  cancelled: boolean;
  pastDue: boolean;
  /** The end of the paid period, or when the provider ended it, whichever came first. */
  periodEnd: Date;
};

type Row = typeof subscription.$inferSelect;

/**
 * A subscription's status text: 'active until {date}' when active and not
 * cancelled, otherwise 'cancelled – expires {date}' (keys of the `account` messages).
 */
export function toSubscriptionState(row: Row, now = new Date()): SubscriptionState {
  const paidUntil = row.paidUntil ?? row.createdAt;
  const periodEnd = row.endedAt && row.endedAt < paidUntil ? row.endedAt : paidUntil;
  return {
    id: row.id,
    provider: row.provider,
    providerSubscriptionId: row.providerSubscriptionId,
    customerId: row.providerCustomerId,
    planId: row.planId as PlanId,
    nextPlanId: (row.nextPlanId as PlanId | null) ?? null,
    active: row.status !== "incomplete" && row.endedAt === null && paidUntil > now,
    cancelled: row.cancelAtPeriodEnd || row.endedAt !== null || row.status === "canceled",
    pastDue: row.status === "past_due",
    periodEnd,
  };
}

/**
 * The user's subscription that matters now: the newest one that was ever paid. An ended one is still
 * returned (so the profile can say when it expired) until the user buys a new one.
 */
export async function getSubscriptionState(db: DbOrTx, userId: string, teamId: string | null = null): Promise<SubscriptionState | null> {
  const [row] = await db
    .select()
    .from(subscription)
    // A team's subscription is the team's, whoever of its owners bought it; the person's are their own.
    .where(teamId ? eq(subscription.teamId, teamId) : and(eq(subscription.userId, userId), isNull(subscription.teamId)))
    .orderBy(isNull(subscription.paidUntil), desc(subscription.createdAt))
    .limit(1);
  if (!row || row.paidUntil === null) return null;
  return toSubscriptionState(row);
}
