import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { batch, image, listing, team, teamMember, visualization } from "@/server/db/schema";
import { lockTeam } from "./lock-team";

/**
 * Before an account is deleted: each team it owns goes to its longest-serving admin (or, without one, its
 * longest-serving member); a team with nobody else is closed. Listings, images and batches the person made for
 * teams that go on are handed to the team's owner, so they stay with the team. Returns what happened, for the log.
 */
export async function handOverTeams(options: { db: DbOrTx; userId: string }): Promise<{ handedOver: string[]; closed: string[] }> {
  const { db, userId } = options;
  const handedOver: string[] = [];
  const closed: string[] = [];
  const owned = await db.select({ id: team.id }).from(team).where(eq(team.ownerId, userId));
  for (const { id } of owned) {
    await db.transaction(async (tx) => {
      await lockTeam(tx, id);
      const [heir] = await tx
        .select({ userId: teamMember.userId })
        .from(teamMember)
        .where(and(eq(teamMember.teamId, id), ne(teamMember.userId, userId)))
        .orderBy(sql`case ${teamMember.role} when 'admin' then 0 else 1 end`, asc(teamMember.joinedAt))
        .limit(1);
      if (!heir) {
        await tx.delete(team).where(eq(team.id, id));
        closed.push(id);
        return;
      }
      await tx.update(teamMember).set({ role: "owner" }).where(and(eq(teamMember.teamId, id), eq(teamMember.userId, heir.userId)));
      await tx.update(team).set({ ownerId: heir.userId }).where(eq(team.id, id));
      handedOver.push(id);
    });
  }
  await db
    .update(listing)
    .set({ userId: sql`(select ${team.ownerId} from ${team} where ${team.id} = ${listing.teamId})` })
    .where(and(eq(listing.userId, userId), sql`${listing.teamId} is not null`));
  const ownerOf = (teamId: typeof image.teamId | typeof batch.teamId) => sql`(select ${team.ownerId} from ${team} where ${team.id} = ${teamId})`;
  const teamGoesOn = (teamId: typeof image.teamId | typeof batch.teamId) => sql`exists (select 1 from ${team} where ${team.id} = ${teamId})`;
  await db.update(image).set({ userId: ownerOf(image.teamId) }).where(and(eq(image.userId, userId), teamGoesOn(image.teamId)));
  const batches = await db.update(batch).set({ userId: ownerOf(batch.teamId) }).where(and(eq(batch.userId, userId), teamGoesOn(batch.teamId))).returning({ id: batch.id, userId: batch.userId });
  for (const b of batches) await db.update(visualization).set({ userId: b.userId }).where(and(eq(visualization.batchId, b.id), eq(visualization.userId, userId)));
  return { handedOver, closed };
}
