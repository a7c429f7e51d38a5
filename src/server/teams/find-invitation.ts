import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { team, teamInvitation, user } from "@/server/db/schema";
import { hashShareToken } from "@/server/listings/hash-share-token";

export type InvitationView = {
  teamName: string;
  /** Who sent it (their name, else their address); null once their account is gone. */
  invitedBy: string | null;
  /** The invited address: the one to sign in or sign up with. */
  email: string;
  state: "open" | "used" | "expired";
};

/**
 * What an invitation link says before anyone acts on it: the team, who invited and which address, for the join
 * page and for the sign-in page a signed-out visitor lands on. Only the link's holder can ask (the token is the
 * key); an unknown token is null. Nothing is used up.
 */
export async function findInvitation(options: { token: string; db?: DbOrTx; now?: Date }): Promise<InvitationView | null> {
  if (options.token.length === 0 || options.token.length > 200) return null;
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ teamName: team.name, inviterName: user.name, inviterEmail: user.email, email: teamInvitation.email, acceptedAt: teamInvitation.acceptedAt, expiresAt: teamInvitation.expiresAt })
    .from(teamInvitation)
    .innerJoin(team, eq(team.id, teamInvitation.teamId))
    .leftJoin(user, eq(user.id, teamInvitation.invitedBy))
    .where(eq(teamInvitation.tokenHash, hashShareToken(options.token)));
  if (!row) return null;
  return {
    teamName: row.teamName,
    invitedBy: row.inviterName?.trim() || row.inviterEmail || null,
    email: row.email,
    state: row.acceptedAt ? "used" : row.expiresAt <= now ? "expired" : "open",
  };
}
