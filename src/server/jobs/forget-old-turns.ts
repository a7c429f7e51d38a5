import "server-only";
import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { jobOwnerTurn } from "@/server/db/schema";

/** How long the claim remembers when a person was last served: a turn older than this counts as never. */
const TURN_MEMORY_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets the turns (job_owner_turn) older than a day: whoever was served that long ago goes first either way,
 * so nothing changes for the claim, the table stays as small as the day's active people, and a deleted
 * account's turns are gone within a day. Run by the sweeper. Returns how many were forgotten.
 */
export async function forgetOldTurns(options: { db: DbOrTx }): Promise<number> {
  const forgotten = await options.db
    .delete(jobOwnerTurn)
    .where(lt(jobOwnerTurn.lastClaimedAt, sql`now() - ${TURN_MEMORY_MS} * interval '1 millisecond'`))
    .returning({ ownerId: jobOwnerTurn.ownerId });
  return forgotten.length;
}
