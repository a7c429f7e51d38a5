import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { teamMember, type TeamRole } from "@/server/db/schema";
import { AppError } from "@/server/errors";

/**
 * The person's role in the team, read now (never from the session), checked against what the action needs.
 * Not a member: NOT_FOUND, so nobody learns a team's id exists; a member without the role: FORBIDDEN.
 */
export async function requireTeamRole(options: { db: DbOrTx; teamId: string; userId: string; roles?: readonly TeamRole[] }): Promise<{ role: TeamRole; monthlyCap: number | null }> {
  const [member] = await options.db
    .select({ role: teamMember.role, monthlyCap: teamMember.monthlyCap })
    .from(teamMember)
    .where(and(eq(teamMember.teamId, options.teamId), eq(teamMember.userId, options.userId)));
  if (!member) throw new AppError("NOT_FOUND");
  if (options.roles && !options.roles.includes(member.role)) throw new AppError("FORBIDDEN", { reason: "teamRole" });
  return member;
}
