import "server-only";
import { asc, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { team, teamMember, type TeamRole } from "@/server/db/schema";

/** The teams a person belongs to, for the header's switch. */
export async function listTeamsOfUser(options: { userId: string; db?: DbOrTx }): Promise<{ id: string; name: string; role: TeamRole }[]> {
  const db = options.db ?? (await getDb());
  return db
    .select({ id: team.id, name: team.name, role: teamMember.role })
    .from(teamMember)
    .innerJoin(team, eq(team.id, teamMember.teamId))
    .where(eq(teamMember.userId, options.userId))
    .orderBy(asc(team.name));
}
