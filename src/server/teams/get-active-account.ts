import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { activeAccount, team, teamMember, type TeamRole } from "@/server/db/schema";

export type ActiveAccount = { kind: "person" } | { kind: "team"; teamId: string; name: string; role: TeamRole };

/**
 * Where the person works now: a team only while they are its member (read with the choice, on every
 * request), otherwise their own account.
 */
export async function getActiveAccount(options: { userId: string; db?: DbOrTx }): Promise<ActiveAccount> {
  const db = options.db ?? (await getDb());
  const [row] = await db
    .select({ teamId: team.id, name: team.name, role: teamMember.role })
    .from(activeAccount)
    .innerJoin(teamMember, and(eq(teamMember.teamId, activeAccount.teamId), eq(teamMember.userId, activeAccount.userId)))
    .innerJoin(team, eq(team.id, activeAccount.teamId))
    .where(eq(activeAccount.userId, options.userId));
  return row ? { kind: "team", ...row } : { kind: "person" };
}
