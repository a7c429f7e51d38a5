import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listingPhoto } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { loadOwnedListing } from "./load-owned-listing";

/** Takes a photo out of its listing (its image keeps its hour; its batches stay in the person's generations). */
export async function removeListingPhoto(options: { userId: string; listingId: string; photoId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  const rows = await db
    .delete(listingPhoto)
    .where(and(eq(listingPhoto.id, options.photoId), eq(listingPhoto.listingId, options.listingId)))
    .returning({ id: listingPhoto.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND");
}
