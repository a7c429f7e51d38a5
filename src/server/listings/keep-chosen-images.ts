import "server-only";
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { batch, image, listingPhoto, visualization } from "@/server/db/schema";

/**
 * Keeps a listing's chosen results, their photos and their batches (so the choice and the result's facts stay)
 * until `until`, never shortening them; all the listing's choices, or one photo's. Only what still lives: a
 * file past its hour is gone and is not brought back.
 */
export async function keepChosenImages(options: { db: DbOrTx; listingId: string; until: Date; now: Date; photoId?: string }): Promise<void> {
  const chosen = await options.db
    .select({ photoImageId: listingPhoto.imageId, resultImageId: visualization.resultImageId, sourceImageId: batch.sourceImageId, batchId: batch.id })
    .from(listingPhoto)
    .innerJoin(visualization, eq(visualization.id, listingPhoto.chosenVisualizationId))
    .innerJoin(batch, eq(batch.id, visualization.batchId))
    .where(and(eq(listingPhoto.listingId, options.listingId), isNotNull(listingPhoto.chosenVisualizationId), options.photoId ? eq(listingPhoto.id, options.photoId) : undefined));
  if (chosen.length === 0) return;
  const imageIds = [...new Set(chosen.flatMap((c) => [c.photoImageId, c.resultImageId, c.sourceImageId]).filter((id): id is string => id !== null))];
  if (imageIds.length) {
    await options.db
      .update(image)
      .set({ expiresAt: sql`greatest(${image.expiresAt}, ${options.until})` })
      .where(and(inArray(image.id, imageIds), gt(image.expiresAt, options.now)));
  }
  await options.db
    .update(batch)
    .set({ expiresAt: sql`greatest(${batch.expiresAt}, ${options.until})` })
    .where(
      and(
        inArray(
          batch.id,
          chosen.map((c) => c.batchId),
        ),
        gt(batch.expiresAt, options.now),
      ),
    );
}
