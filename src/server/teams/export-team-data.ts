import "server-only";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { team, teamMember, tokenLedger } from "@/server/db/schema";

/**
 * The person's team data for their GDPR export: the teams they belong to with their role and cap, and what
 * they spent from each pool. Other members' data is not theirs to take and is left out.
 */
export async function exportTeamData(options: { userId: string; db?: DbOrTx }) {
  const db = options.db ?? (await getDb());
  const memberships = await db
    .select({ teamId: team.id, teamName: team.name, role: teamMember.role, monthlyCap: teamMember.monthlyCap, joinedAt: teamMember.joinedAt })
    .from(teamMember)
    .innerJoin(team, eq(team.id, teamMember.teamId))
    .where(eq(teamMember.userId, options.userId));
  const poolEntries = await db
    .select({ teamId: tokenLedger.teamId, kind: tokenLedger.kind, amount: tokenLedger.amount, reference: tokenLedger.reference, createdAt: tokenLedger.createdAt })
    .from(tokenLedger)
    .where(and(eq(tokenLedger.userId, options.userId), isNotNull(tokenLedger.teamId)))
    .orderBy(asc(tokenLedger.createdAt));
  return { memberships, poolEntries };
}
