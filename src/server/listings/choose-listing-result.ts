import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { image, listingBatch, listingPhoto, listingShare, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { keepChosenImages } from "./keep-chosen-images";
import { loadOwnedListing } from "./load-owned-listing";

/**
 * Picks the result that stands for a photo (null clears the choice); only a finished result of that photo. The
 * listing's client links that are still alive live at least as long as the result chosen (a link that has
 * expired stays expired: resolveShareLink). In a listing kept for its life, the result and its photo are kept too.
 */
export async function chooseListingResult(options: { userId: string; listingId: string; photoId: string; visualizationId: string | null; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  const owned = await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  if (options.visualizationId) {
    const [found] = await db
      .select({ id: visualization.id, expiresAt: image.expiresAt })
      .from(visualization)
      .innerJoin(listingBatch, eq(listingBatch.batchId, visualization.batchId))
      .innerJoin(image, eq(image.id, visualization.resultImageId))
      .where(and(eq(visualization.id, options.visualizationId), eq(listingBatch.photoId, options.photoId), eq(visualization.status, "succeeded")));
    if (!found) throw new AppError("NOT_FOUND");
    await db
      .update(listingShare)
      .set({ liveUntil: sql`greatest(${listingShare.liveUntil}, ${found.expiresAt})` })
      .where(and(eq(listingShare.listingId, options.listingId), gt(listingShare.liveUntil, new Date())));
  }
  const rows = await db
    .update(listingPhoto)
    // An HD copy belongs to the result it was made of (hdVisualizationId): choosing that result again shows it again.
    .set({ chosenVisualizationId: options.visualizationId })
    .where(and(eq(listingPhoto.id, options.photoId), eq(listingPhoto.listingId, options.listingId)))
    .returning({ id: listingPhoto.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND");
  const now = new Date();
  // A listing its owner keeps: the result chosen now, and its photo, are kept with the others.
  if (options.visualizationId && owned.keepUntil && owned.keepUntil > now) await keepChosenImages({ db, listingId: owned.id, until: owned.keepUntil, now, photoId: options.photoId });
}
