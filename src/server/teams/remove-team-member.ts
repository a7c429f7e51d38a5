import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { activeAccount, teamMember } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { lockTeam } from "./lock-team";
import { requireTeamRole } from "./require-team-role";

/**
 * Takes a member out of the team, under the team's lock: from the next request on they see none of its
 * listings and spend nothing from its pool (what they already queued runs, paid before). Their listings and
 * results stay with the team; their own account and tokens stay theirs. Owners remove anyone but
 * themselves; admins remove agents; anyone but the owner may leave.
 */
export async function removeTeamMember(options: { actorId: string; teamId: string; userId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    await lockTeam(tx, options.teamId);
    const actor = await requireTeamRole({ db: tx, teamId: options.teamId, userId: options.actorId });
    const target = await requireTeamRole({ db: tx, teamId: options.teamId, userId: options.userId });
    if (target.role === "owner") throw new AppError("FORBIDDEN", { reason: "ownerStays" });
    const leaving = options.actorId === options.userId;
    const allowed = leaving || actor.role === "owner" || (actor.role === "admin" && target.role === "agent");
    if (!allowed) throw new AppError("FORBIDDEN", { reason: "teamRole" });
    await tx.delete(teamMember).where(and(eq(teamMember.teamId, options.teamId), eq(teamMember.userId, options.userId)));
    await tx.delete(activeAccount).where(and(eq(activeAccount.userId, options.userId), eq(activeAccount.teamId, options.teamId)));
  });
}
