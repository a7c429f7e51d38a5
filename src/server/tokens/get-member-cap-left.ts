import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { teamMember } from "@/server/db/schema";
import { monthSpentByMember } from "./month-spent-by-member";

/**
 * What a member may still spend from the team's pool this month under the cap the owner set: null without a
 * cap (or for someone not in the team). What the page says ahead; the spend itself checks it again under the
 * team's lock (applyLedgerEntry).
 */
export async function getMemberCapLeft(options: { db: DbOrTx; teamId: string; userId: string }): Promise<number | null> {
  const [member] = await options.db
    .select({ cap: teamMember.monthlyCap })
    .from(teamMember)
    .where(and(eq(teamMember.teamId, options.teamId), eq(teamMember.userId, options.userId)));
  if (!member || member.cap === null) return null;
  return Math.max(0, member.cap - (await monthSpentByMember(options.db, options.teamId, options.userId)));
}
