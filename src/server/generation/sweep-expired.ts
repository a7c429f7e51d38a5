import "server-only";
import { and, eq, inArray, lte } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, image, visualization } from "@/server/db/schema";
import { refundToken } from "@/server/tokens/refund-token";
import { log } from "@/server/log";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";

/**
 * Deletes what is past its hour: batches (with their visualizations, jobs and events) and images, the
 * object first and then the row, so a crash in between leaves a row for the next sweep rather than an
 * object nobody knows about. URLs already answer 410 from the moment of expiry; this frees the space.
 */
export async function sweepExpired(options: { db?: DbOrTx; storage?: ImageStorage; now?: Date; limit?: number } = {}) {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const now = options.now ?? new Date();
  // A visualization that never finished within the hour (workers down) gives its token back before it goes.
  const unfinished = await db
    .select({ id: visualization.id, userId: visualization.userId })
    .from(visualization)
    .innerJoin(batch, eq(batch.id, visualization.batchId))
    .where(and(lte(batch.expiresAt, now), inArray(visualization.status, ["queued", "running"])));
  for (const v of unfinished) await refundToken({ db, userId: v.userId, idempotencyKey: `refund:${v.id}`, reference: `visualization:${v.id}` });
  const batches = await db.delete(batch).where(lte(batch.expiresAt, now)).returning({ id: batch.id });
  let images = 0;
  for (;;) {
    const due = await db
      .select({ id: image.id, storageKey: image.storageKey })
      .from(image)
      .where(lte(image.expiresAt, now))
      .limit(options.limit ?? 200);
    if (due.length === 0) break;
    for (const row of due) await storage.delete(row.storageKey);
    await db.delete(image).where(
      inArray(
        image.id,
        due.map((r) => r.id),
      ),
    );
    images += due.length;
  }
  if (batches.length || images) log.info("sweeper.deleted", { batches: batches.length, images });
  return { batches: batches.length, images };
}
