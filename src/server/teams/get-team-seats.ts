import "server-only";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { isPlanId, teamSeats } from "@/config/plans";
import type { DbOrTx } from "@/server/db/client";
import { subscription, teamMember } from "@/server/db/schema";

/** The team's seats (its paid plan's, plus the extra seats paid with it) and how many members fill them. */
export async function getTeamSeats(options: { db: DbOrTx; teamId: string; extraSeats: number }): Promise<{ seats: number; used: number; planId: string | null }> {
  const [plan] = await options.db
    .select({ planId: subscription.planId })
    .from(subscription)
    .where(and(eq(subscription.teamId, options.teamId), sql`${subscription.paidUntil} > now()`, isNull(subscription.endedAt)))
    .limit(1);
  const [members] = await options.db.select({ n: count() }).from(teamMember).where(eq(teamMember.teamId, options.teamId));
  const planId = plan && isPlanId(plan.planId) ? plan.planId : null;
  // Extra seats are paid with the plan: without a paid plan they are gone too.
  return { seats: teamSeats(planId, planId ? options.extraSeats : 0), used: Number(members?.n ?? 0), planId };
}
