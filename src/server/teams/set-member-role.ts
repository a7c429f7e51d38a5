import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { team, teamMember, type TeamRole } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { lockTeam } from "./lock-team";
import { requireTeamRole } from "./require-team-role";

/**
 * The owner changes a member's role. Making someone the owner hands ownership over: the former owner
 * becomes an admin, so a team always has exactly one owner.
 */
export async function setMemberRole(options: { actorId: string; teamId: string; userId: string; role: TeamRole; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    await lockTeam(tx, options.teamId);
    await requireTeamRole({ db: tx, teamId: options.teamId, userId: options.actorId, roles: ["owner"] });
    const target = await requireTeamRole({ db: tx, teamId: options.teamId, userId: options.userId });
    if (options.userId === options.actorId) throw new AppError("FORBIDDEN", { reason: "ownerStays" });
    if (target.role === options.role) return;
    const member = (userId: string) => and(eq(teamMember.teamId, options.teamId), eq(teamMember.userId, userId));
    if (options.role === "owner") {
      await tx.update(teamMember).set({ role: "admin" }).where(member(options.actorId));
      await tx.update(team).set({ ownerId: options.userId }).where(eq(team.id, options.teamId));
    }
    await tx.update(teamMember).set({ role: options.role }).where(member(options.userId));
  });
}
