import "server-only";
import { and, eq, gt, inArray, isNotNull, ne, notInArray, sql } from "drizzle-orm";
import { env } from "@/env";
import { LISTING_KEEP_DAYS } from "@/config/listings";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, image, listing, listingBatch, listingPhoto, visualization } from "@/server/db/schema";
import { keepChosenImages } from "./keep-chosen-images";
import { loadOwnedListing } from "./load-owned-listing";

/**
 * The owner's choice to keep a listing's chosen results and their photos for its life (LISTING_KEEP_DAYS from
 * now, so its proof pages show the original beside the result), or to end that at once: then each of the
 * listing's files and batches goes back to its hour (from when it was made), and what is past it is due now,
 * for the sweeper's next round. A photo another kept listing also keeps stays. Returns until when they are kept.
 */
export async function keepListingImages(options: { userId: string; listingId: string; keep: boolean; db?: DbOrTx; now?: Date }): Promise<{ keptUntil: Date | null }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await loadOwnedListing({ db: tx, userId: options.userId, listingId: options.listingId });
    if (options.keep) {
      const until = new Date(now.getTime() + LISTING_KEEP_DAYS * 86_400_000);
      await tx.update(listing).set({ keepUntil: until }).where(eq(listing.id, row.id));
      await keepChosenImages({ db: tx, listingId: row.id, until, now });
      return { keptUntil: until };
    }
    await tx.update(listing).set({ keepUntil: null }).where(eq(listing.id, row.id));
    await backToTheirHour({ db: tx, listingId: row.id, now });
    return { keptUntil: null };
  });
}

async function backToTheirHour(options: { db: DbOrTx; listingId: string; now: Date }): Promise<void> {
  const { db, listingId, now } = options;
  const hour = (createdAt: typeof image.createdAt | typeof batch.createdAt) => sql`greatest(${createdAt} + ${env().IMAGE_TTL_SECONDS} * interval '1 second', ${now})`;
  const batchIds = (await db.select({ id: listingBatch.batchId }).from(listingBatch).where(eq(listingBatch.listingId, listingId))).map((b) => b.id);
  const photos = await db.select({ imageId: listingPhoto.imageId, hdImageId: listingPhoto.hdImageId }).from(listingPhoto).where(eq(listingPhoto.listingId, listingId));
  const results = batchIds.length
    ? await db.select({ resultImageId: visualization.resultImageId, sourceImageId: batch.sourceImageId }).from(visualization).innerJoin(batch, eq(batch.id, visualization.batchId)).where(inArray(batch.id, batchIds))
    : [];
  const keptElsewhere = db
    .select({ id: listingPhoto.imageId })
    .from(listingPhoto)
    .innerJoin(listing, eq(listing.id, listingPhoto.listingId))
    .where(and(ne(listing.id, listingId), gt(listing.keepUntil, now), isNotNull(listingPhoto.chosenVisualizationId), isNotNull(listingPhoto.imageId)));
  const imageIds = [
    ...new Set([...photos.flatMap((p) => [p.imageId, p.hdImageId]), ...results.flatMap((r) => [r.resultImageId, r.sourceImageId])].filter((id): id is string => id !== null)),
  ];
  if (imageIds.length) {
    await db
      .update(image)
      .set({ expiresAt: sql`least(${image.expiresAt}, ${hour(image.createdAt)})` })
      .where(and(inArray(image.id, imageIds), notInArray(image.id, keptElsewhere)));
  }
  if (batchIds.length) await db.update(batch).set({ expiresAt: sql`least(${batch.expiresAt}, ${hour(batch.createdAt)})` }).where(inArray(batch.id, batchIds));
}
