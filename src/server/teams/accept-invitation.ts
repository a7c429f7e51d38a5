import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { activeAccount, teamInvitation, teamMember, user } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { canonicalEmail } from "@/server/mail/canonical-email";
import { hashShareToken } from "@/server/listings/hash-share-token";
import { getTeamSeats } from "./get-team-seats";
import { lockTeam } from "./lock-team";

/**
 * The invited person, signed in with the invited address, joins the team with the invitation's role and
 * then works in it. The link works once: a used one is GONE (invitationUsed), an expired one GONE
 * (invitationExpired), another address FORBIDDEN (invitationOtherEmail), a full team CONFLICT (teamFull).
 */
export async function acceptInvitation(options: { userId: string; token: string; db?: DbOrTx; now?: Date }): Promise<{ teamId: string; teamName: string }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [found] = await db.select({ teamId: teamInvitation.teamId }).from(teamInvitation).where(eq(teamInvitation.tokenHash, hashShareToken(options.token)));
  if (!found) throw new AppError("NOT_FOUND", { reason: "invitationUnknown" });
  return db.transaction(async (tx) => {
    const row = await lockTeam(tx, found.teamId);
    const [invitation] = await tx.select().from(teamInvitation).where(eq(teamInvitation.tokenHash, hashShareToken(options.token))).for("update");
    if (!invitation) throw new AppError("NOT_FOUND", { reason: "invitationUnknown" });
    if (invitation.acceptedAt) throw new AppError("GONE", { reason: "invitationUsed" });
    if (invitation.expiresAt <= now) throw new AppError("GONE", { reason: "invitationExpired" });
    const [person] = await tx.select({ email: user.email }).from(user).where(eq(user.id, options.userId));
    if (!person || canonicalEmail(person.email) !== invitation.email) throw new AppError("FORBIDDEN", { reason: "invitationOtherEmail" });
    const [already] = await tx.select({ role: teamMember.role }).from(teamMember).where(and(eq(teamMember.teamId, row.id), eq(teamMember.userId, options.userId)));
    if (already) throw new AppError("CONFLICT", { reason: "alreadyMember" });
    const { seats, used } = await getTeamSeats({ db: tx, teamId: row.id, extraSeats: row.extraSeats });
    if (used >= seats) throw new AppError("CONFLICT", { reason: "teamFull", max: seats });
    await tx.insert(teamMember).values({ teamId: row.id, userId: options.userId, role: invitation.role });
    await tx.update(teamInvitation).set({ acceptedAt: now, acceptedBy: options.userId }).where(eq(teamInvitation.id, invitation.id));
    await tx.insert(activeAccount).values({ userId: options.userId, teamId: row.id }).onConflictDoUpdate({ target: activeAccount.userId, set: { teamId: row.id } });
    return { teamId: row.id, teamName: row.name };
  });
}
