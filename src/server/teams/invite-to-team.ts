import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { env } from "@/env";
import { pathFor, type Locale } from "@/config/routes";
import { getDb, type DbOrTx } from "@/server/db/client";
import { teamInvitation, teamMember, user } from "@/server/db/schema";
import { newId } from "@/server/db/new-id";
import { AppError } from "@/server/errors";
import { invalidInput } from "@/server/invalid-input";
import { canonicalEmail } from "@/server/mail/canonical-email";
import { hashShareToken } from "@/server/listings/hash-share-token";
import { sendTemplateMail } from "@/server/mail/send-template-mail";
import { inviteSchema } from "@/schemas/teams";
import { getTeamSeats } from "./get-team-seats";
import { lockTeam } from "./lock-team";
import { requireTeamRole } from "./require-team-role";

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/**
 * Owners and admins invite by e-mail: the link (only its SHA-256 stored) works once, for INVITATION_DAYS, and
 * only for the invited address; a new invitation of the same address replaces the open one. Someone already
 * in the team is a CONFLICT (alreadyMember); a team whose seats are all taken by members sends none, CONFLICT
 * (noFreeSeat). Seats count members only, as when accepting: invitations sent for the last free seat all go out,
 * and the first to accept takes it. Returns the link's token for the caller's own use (tests).
 */
export async function inviteToTeam(options: {
  actorId: string;
  teamId: string;
  email: string;
  role: string;
  locale: Locale;
  origin?: string;
  db?: DbOrTx;
  now?: Date;
}): Promise<{ invitationId: string; token: string }> {
  const parsed = inviteSchema.safeParse({ email: options.email, role: options.role });
  if (!parsed.success) throw invalidInput(parsed.error);
  const db = options.db ?? (await getDb());
  const email = canonicalEmail(parsed.data.email);
  const token = randomBytes(32).toString("base64url");
  const now = options.now ?? new Date();
  const id = newId();
  const teamName = await db.transaction(async (tx) => {
    const row = await lockTeam(tx, options.teamId);
    await requireTeamRole({ db: tx, teamId: options.teamId, userId: options.actorId, roles: ["owner", "admin"] });
    const members = await tx.select({ email: user.email }).from(teamMember).innerJoin(user, eq(user.id, teamMember.userId)).where(eq(teamMember.teamId, options.teamId));
    const existing = members.some((m) => canonicalEmail(m.email) === email);
    if (existing) throw new AppError("CONFLICT", { reason: "alreadyMember" });
    const { seats, used, planId } = await getTeamSeats({ db: tx, teamId: options.teamId, extraSeats: row.extraSeats });
    // Without a plan there are no seats to add: the way is a plan (`plan` picks the sentence).
    if (used >= seats) throw new AppError("CONFLICT", { reason: "noFreeSeat", used, seats, plan: planId ? "paid" : "none" });
    await tx.delete(teamInvitation).where(and(eq(teamInvitation.teamId, options.teamId), eq(teamInvitation.email, email), isNull(teamInvitation.acceptedAt)));
    await tx.insert(teamInvitation).values({
      id,
      teamId: options.teamId,
      email,
      role: parsed.data.role,
      tokenHash: hashShareToken(token),
      invitedBy: options.actorId,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      createdAt: now,
    });
    return row.name;
  });
  const url = `${options.origin ?? env().appUrl}${pathFor("/team/join", options.locale)}?token=${token}`;
  await sendTemplateMail({ to: parsed.data.email, locale: options.locale, template: "teamInvitation", url, values: { team: teamName, days: INVITATION_DAYS } });
  return { invitationId: id, token };
}
