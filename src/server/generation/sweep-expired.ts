import "server-only";
import { and, eq, inArray, lte } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, generationJob, image, visualization } from "@/server/db/schema";
import { log } from "@/server/log";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { refundToken } from "@/server/tokens/refund-token";
import { fullSizeKey, isAnswerKey, labelledHdKeys } from "@/server/images/result-keys";
import { forgetOldTurns } from "@/server/jobs/forget-old-turns";

/**
 * Deletes what is past its hour: batches (with their visualizations, jobs and events) and images, the
 * object first and then the row, so a crash in between leaves a row for the next sweep rather than an
 * object nobody knows about. URLs already answer 410 from the moment of expiry; this frees the space.
 */
export async function sweepExpired(options: { db?: DbOrTx; storage?: ImageStorage; now?: Date; limit?: number } = {}) {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const now = options.now ?? new Date();
  const expired = await db.select({ id: batch.id }).from(batch).where(lte(batch.expiresAt, now));
  for (const { id } of expired) await deleteBatch(db, id);
  let images = 0;
  for (;;) {
    const due = await db
      .select({ id: image.id, storageKey: image.storageKey, displayKey: image.displayKey })
      .from(image)
      .where(lte(image.expiresAt, now))
      .limit(options.limit ?? 200);
    if (due.length === 0) break;
    for (const row of due) {
      await storage.delete(row.storageKey);
      if (row.displayKey) await storage.delete(row.displayKey);
      // A JPEG written just before the process stopped, which the row never came to point at.
      if (isAnswerKey(row.storageKey)) await storage.delete(fullSizeKey(row.id));
      // An HD copy's labelled files go with it.
      for (const key of labelledHdKeys(row)) await storage.delete(key);
    }
    await db.delete(image).where(
      inArray(
        image.id,
        due.map((r) => r.id),
      ),
    );
    images += due.length;
  }
  const turns = await forgetOldTurns({ db });
  if (expired.length || images || turns) log.info("sweeper.deleted", { batches: expired.length, images, turns });
  return { batches: expired.length, images };
}

/**
 * One batch in one transaction. Its job rows are locked first, as a worker's writes lock them first, so a
 * worker finishing at this moment either commits before (and its visualization is final, no refund) or
 * finds its job gone; a visualization that never finished (workers down) gives its token back.
 */
async function deleteBatch(db: DbOrTx, batchId: string) {
  await db.transaction(async (tx) => {
    const ids = (await tx.select({ id: visualization.id }).from(visualization).where(eq(visualization.batchId, batchId))).map((v) => v.id);
    if (ids.length) await tx.select({ id: generationJob.visualizationId }).from(generationJob).where(inArray(generationJob.visualizationId, ids)).for("update");
    const unfinished = await tx
      .select({ id: visualization.id, userId: visualization.userId })
      .from(visualization)
      .where(and(eq(visualization.batchId, batchId), inArray(visualization.status, ["queued", "running"])));
    const [paidBy] = await tx.select({ teamId: batch.teamId }).from(batch).where(eq(batch.id, batchId));
    for (const v of unfinished) await refundToken({ db: tx, userId: v.userId, teamId: paidBy?.teamId, idempotencyKey: `refund:${v.id}`, reference: `visualization:${v.id}` });
    await tx.delete(batch).where(eq(batch.id, batchId));
  });
}
