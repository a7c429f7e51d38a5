import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { teamInvitation } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { requireTeamRole } from "./require-team-role";

/**
 * An owner or admin withdraws an open invitation: its link stops working at once (the join page then says the
 * invitation is not valid). One already accepted, or of another team, is NOT_FOUND.
 */
export async function withdrawInvitation(options: { actorId: string; teamId: string; invitationId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await requireTeamRole({ db, teamId: options.teamId, userId: options.actorId, roles: ["owner", "admin"] });
  const gone = await db
    .delete(teamInvitation)
    .where(and(eq(teamInvitation.id, options.invitationId), eq(teamInvitation.teamId, options.teamId), isNull(teamInvitation.acceptedAt)))
    .returning({ id: teamInvitation.id });
  if (gone.length === 0) throw new AppError("NOT_FOUND");
}
