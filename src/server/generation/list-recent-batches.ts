import "server-only";
import { and, desc, gt, sql, type Placeholder } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { preparedRead } from "@/server/db/prepared-read";
import { batch } from "@/server/db/schema";
import type { BatchDto } from "@/schemas/generation";
import { ownedBy } from "@/server/images/owned-by";
import { loadBatchDtos } from "./get-batch";

/** The batches of the last hour of where the person works now (their own, or their team's), newest first. */
export async function listRecentBatches(options: { userId: string; teamId?: string | null; db?: DbOrTx }): Promise<BatchDto[]> {
  const now = new Date().toISOString();
  const rows = options.teamId ? await readTeamBatches({ userId: options.userId, teamId: options.teamId, now }, options) : await readRecentBatches({ userId: options.userId, now }, options);
  return loadBatchDtos(options.db ?? (await getDb()), rows);
}

const recentBatchesOf = (name: string, teamId: Placeholder | null) =>
  preparedRead(name, (db) =>
    db
      .select()
      .from(batch)
      .where(and(ownedBy(batch, { userId: sql.placeholder("userId"), teamId }), gt(batch.expiresAt, sql.placeholder("now"))))
      .orderBy(desc(batch.createdAt))
      .limit(50),
  );

const readRecentBatches = recentBatchesOf("list_recent_batches", null);
const readTeamBatches = recentBatchesOf("list_recent_team_batches", sql.placeholder("teamId"));
