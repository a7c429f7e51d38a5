import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { image, visualization } from "@/server/db/schema";
import { toImageDto } from "@/server/images/image-dto";
import { markStoredResult } from "@/server/provenance/mark-result";
import { fullSizeKey } from "@/server/images/result-keys";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import type { ImageStorage } from "@/server/storage/storage";
import { appendBatchEvents } from "./append-batch-events";

/**
 * A result stored with the engine's answer as it came gets its JPEG at the photo's size: the JPEG is written
 * under its own key, then the row points at it (only while it still points at the answer), then the answer is
 * removed. Until then, and for good if the process stops in between, the row's answer is a whole result, marked
 * as one: nothing is lost, it is only larger. The move comes with a `replaced` event for the result's batch.
 * False when the row is gone (deleted or expired meanwhile); the JPEG is removed again then.
 */
export async function storeFullSize(options: {
  db: DbOrTx;
  storage: ImageStorage;
  imageId: string;
  /** The key the row has now: the answer's. */
  answerKey: string;
  /** The JPEG at the photo's size (MadeVisualization.fullSize). */
  make: () => Promise<Buffer>;
  /** Marked as made by a trained model (markStoredResult). */
  ai: boolean;
  width: number;
  height: number;
}): Promise<boolean> {
  const { db, storage, imageId, answerKey } = options;
  const jpeg = await markStoredResult({ db, imageId, image: await options.make(), ai: options.ai });
  const storageKey = fullSizeKey(imageId);
  await storage.put(storageKey, jpeg, "image/jpeg");
  let moved: { batchId: string | null } | null = null;
  try {
    moved = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(image)
        .set({ storageKey, contentType: "image/jpeg", width: options.width, height: options.height, bytes: jpeg.length })
        .where(and(eq(image.id, imageId), eq(image.storageKey, answerKey)))
        .returning();
      if (!row) return null;
      // The pages showing the batch take the result as it is now (its size, its type).
      const [owner] = await tx.select({ id: visualization.id, batchId: visualization.batchId }).from(visualization).where(eq(visualization.resultImageId, imageId));
      if (!owner) return { batchId: null };
      await appendBatchEvents(tx, owner.batchId, [{ type: "replaced", visualizationId: owner.id, result: toImageDto(row) }]);
      await tx.execute(sql`select ${notifyOnCommit("batch", sql`${owner.batchId}`)}`);
      return { batchId: owner.batchId };
    });
  } finally {
    await (moved ? storage.delete(answerKey) : removeUnlessPointedAt(db, storage, imageId, storageKey)).catch(() => undefined);
  }
  if (moved?.batchId) signalHere("batch", moved.batchId);
  return moved !== null;
}

/** A JPEG written but not moved to: removed, unless another worker that took the result over moved the row to it first. */
async function removeUnlessPointedAt(db: DbOrTx, storage: ImageStorage, imageId: string, storageKey: string): Promise<void> {
  const [row] = await db.select({ storageKey: image.storageKey }).from(image).where(eq(image.id, imageId));
  if (row?.storageKey !== storageKey) await storage.delete(storageKey);
}
