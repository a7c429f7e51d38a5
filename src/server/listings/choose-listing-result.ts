import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listingBatch, listingPhoto, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { loadOwnedListing } from "./load-owned-listing";

/** Picks the result that stands for a photo (null clears the choice); only a finished result of that photo. */
export async function chooseListingResult(options: { userId: string; listingId: string; photoId: string; visualizationId: string | null; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  if (options.visualizationId) {
    const [found] = await db
      .select({ id: visualization.id })
      .from(visualization)
      .innerJoin(listingBatch, eq(listingBatch.batchId, visualization.batchId))
      .where(and(eq(visualization.id, options.visualizationId), eq(listingBatch.photoId, options.photoId), eq(visualization.status, "succeeded")));
    if (!found) throw new AppError("NOT_FOUND");
  }
  const rows = await db
    .update(listingPhoto)
    // An HD copy belongs to the result it was made of (hdVisualizationId): choosing that result again shows it again.
    .set({ chosenVisualizationId: options.visualizationId })
    .where(and(eq(listingPhoto.id, options.photoId), eq(listingPhoto.listingId, options.listingId)))
    .returning({ id: listingPhoto.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND");
}
