import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { preparedRead } from "@/server/db/prepared-read";
import { batch } from "@/server/db/schema";
import type { BatchDto } from "@/schemas/generation";
import { loadBatchDtos } from "./get-batch";

/** The user's batches of the last hour, newest first. */
export async function listRecentBatches(options: { userId: string; db?: DbOrTx }): Promise<BatchDto[]> {
  const rows = await readRecentBatches({ userId: options.userId, now: new Date().toISOString() }, options);
  return loadBatchDtos(options.db ?? (await getDb()), rows);
}

const readRecentBatches = preparedRead("list_recent_batches", (db) =>
  db
    .select()
    .from(batch)
    .where(and(eq(batch.userId, sql.placeholder("userId")), gt(batch.expiresAt, sql.placeholder("now"))))
    .orderBy(desc(batch.createdAt))
    .limit(50),
);
