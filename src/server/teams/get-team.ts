import "server-only";
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { team, teamInvitation, teamMember, tokenLedger, user, type TeamRole } from "@/server/db/schema";
import { getTeamSeats } from "./get-team-seats";
import { requireTeamRole } from "./require-team-role";

export type TeamView = {
  id: string;
  name: string;
  role: TeamRole;
  balance: number;
  seats: number;
  seatsUsed: number;
  /** Seats bought on top of the plan's (counted only while the plan is paid). */
  extraSeats: number;
  planId: string | null;
  members: { userId: string; name: string; email: string; role: TeamRole; monthlyCap: number | null; spentThisMonth: number }[];
  /** Open invitations; only owners and admins see them. */
  invitations: { id: string; email: string; role: TeamRole; expiresAt: string }[];
};

/** The team as its members see it: the pool, the seats, who is in it and what each spent this month. */
export async function getTeam(options: { userId: string; teamId: string; db?: DbOrTx; now?: Date }): Promise<TeamView> {
  const db = options.db ?? (await getDb());
  const { role } = await requireTeamRole({ db, teamId: options.teamId, userId: options.userId });
  const [row] = await db.select().from(team).where(eq(team.id, options.teamId));
  const seats = await getTeamSeats({ db, teamId: options.teamId, extraSeats: row!.extraSeats });
  const members = await db
    .select({ userId: teamMember.userId, name: user.name, email: user.email, role: teamMember.role, monthlyCap: teamMember.monthlyCap })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.userId))
    .where(eq(teamMember.teamId, options.teamId))
    .orderBy(asc(teamMember.joinedAt));
  const spent = await db
    .select({ userId: tokenLedger.userId, net: sql<number>`coalesce(-sum(${tokenLedger.amount}), 0)` })
    .from(tokenLedger)
    .where(
      and(
        eq(tokenLedger.teamId, options.teamId),
        inArray(tokenLedger.kind, ["spend", "refund"]),
        sql`${tokenLedger.createdAt} >= (date_trunc('month', now() at time zone 'Europe/Warsaw') at time zone 'Europe/Warsaw')`,
      ),
    )
    .groupBy(tokenLedger.userId);
  const spentBy = new Map(spent.map((s) => [s.userId, Math.max(0, Number(s.net))]));
  const manager = role === "owner" || role === "admin";
  const invitations = manager
    ? await db
        .select({ id: teamInvitation.id, email: teamInvitation.email, role: teamInvitation.role, expiresAt: teamInvitation.expiresAt })
        .from(teamInvitation)
        .where(and(eq(teamInvitation.teamId, options.teamId), isNull(teamInvitation.acceptedAt), gt(teamInvitation.expiresAt, options.now ?? new Date())))
        .orderBy(desc(teamInvitation.createdAt))
    : [];
  return {
    id: row!.id,
    name: row!.name,
    role,
    balance: row!.balance,
    seats: seats.seats,
    seatsUsed: seats.used,
    extraSeats: row!.extraSeats,
    planId: seats.planId,
    // Agents see who is in the team, not their addresses.
    members: members.map((m) => ({ ...m, email: manager ? m.email : "", spentThisMonth: spentBy.get(m.userId) ?? 0 })),
    invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
  };
}
