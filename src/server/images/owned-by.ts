import "server-only";
import { sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import { teamMember } from "@/server/db/schema";

/**
 * Which rows of an owned table (an image, a batch: `userId` the author, `teamId` the team it was made in) a person
 * reaches, read at the moment of the request. Without `teamId`: their own rows and those of every team they are a
 * member of now (a removed member reaches none of the team's, their own work included). With `teamId`: only the
 * rows of that account, where the person works now (null: their own; a team: its rows while they are a member).
 */
export function ownedBy(columns: { userId: Column; teamId: Column }, scope: { userId: string | Placeholder; teamId?: string | Placeholder | null }): SQL {
  const { userId, teamId } = scope;
  const member = (team: Column | string | Placeholder) => sql`exists (select 1 from ${teamMember} where ${teamMember.teamId} = ${team} and ${teamMember.userId} = ${userId})`;
  const own = sql`(${columns.teamId} is null and ${columns.userId} = ${userId})`;
  if (teamId === undefined) return sql`(${own} or (${columns.teamId} is not null and ${member(columns.teamId)}))`;
  if (teamId === null) return own;
  return sql`(${columns.teamId} = ${teamId} and ${member(teamId)})`;
}
