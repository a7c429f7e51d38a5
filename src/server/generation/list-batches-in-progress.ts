import "server-only";
import { and, desc, eq, exists, gt, inArray, notExists, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, listingBatch, visualization } from "@/server/db/schema";
import type { BatchDto } from "@/schemas/generation";
import { loadBatchDtos } from "./get-batch";

/**
 * The user's design-page batches still being made (a visualization queued or running), newest first: the
 * design page shows them again when the person comes back to it, so nobody orders the same thing twice
 * thinking the first was lost. A listing's batches belong to its own page.
 */
export async function listBatchesInProgress(options: { userId: string; db?: DbOrTx }): Promise<BatchDto[]> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select()
    .from(batch)
    .where(
      and(
        eq(batch.userId, options.userId),
        gt(batch.expiresAt, sql`now()`),
        exists(db.select({ one: sql`1` }).from(visualization).where(and(eq(visualization.batchId, batch.id), inArray(visualization.status, ["queued", "running"])))),
        notExists(db.select({ one: sql`1` }).from(listingBatch).where(eq(listingBatch.batchId, batch.id))),
      ),
    )
    .orderBy(desc(batch.createdAt))
    .limit(10);
  return loadBatchDtos(db, rows);
}
