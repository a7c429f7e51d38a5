import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { image } from "@/server/db/schema";
import { markDigitalSource } from "@/server/images/mark-digital-source";
import { fullSizeKey } from "@/server/images/result-keys";
import type { ImageStorage } from "@/server/storage/storage";

/**
 * A result stored with the engine's answer as it came gets its JPEG at the photo's size: the JPEG is written
 * under its own key, then the row points at it (only while it still points at the answer), then the answer is
 * removed. Until then, and for good if the process stops in between, the row's answer is a whole result, marked
 * as one: nothing is lost, it is only larger. False when the row is gone (deleted or expired meanwhile); the
 * JPEG is removed again then.
 */
export async function storeFullSize(options: {
  db: DbOrTx;
  storage: ImageStorage;
  imageId: string;
  /** The key the row has now: the answer's. */
  answerKey: string;
  /** The JPEG at the photo's size (MadeVisualization.fullSize). */
  make: () => Promise<Buffer>;
  /** Marked as made by a trained model (markDigitalSource). */
  ai: boolean;
  width: number;
  height: number;
}): Promise<boolean> {
  const { db, storage, imageId, answerKey } = options;
  const jpeg = markDigitalSource({ image: await options.make(), ai: options.ai });
  const storageKey = fullSizeKey(imageId);
  await storage.put(storageKey, jpeg, "image/jpeg");
  let moved = false;
  try {
    const rows = await db
      .update(image)
      .set({ storageKey, contentType: "image/jpeg", width: options.width, height: options.height, bytes: jpeg.length })
      .where(and(eq(image.id, imageId), eq(image.storageKey, answerKey)))
      .returning({ id: image.id });
    moved = rows.length > 0;
  } finally {
    await storage.delete(moved ? answerKey : storageKey).catch(() => undefined);
  }
  return moved;
}
