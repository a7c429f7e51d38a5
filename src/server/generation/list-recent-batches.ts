import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch } from "@/server/db/schema";
import type { BatchDto } from "@/schemas/generation";
import { loadBatchDtos } from "./get-batch";

/** The user's batches of the last hour, newest first. */
export async function listRecentBatches(options: { userId: string; db?: DbOrTx }): Promise<BatchDto[]> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select()
    .from(batch)
    .where(and(eq(batch.userId, options.userId), gt(batch.expiresAt, new Date())))
    .orderBy(desc(batch.createdAt))
    .limit(50);
  return loadBatchDtos(db, rows);
}
