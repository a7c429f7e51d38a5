import "server-only";
import { and, eq } from "drizzle-orm";
import type { RoomType } from "@/config/room-types";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listing, listingPhoto } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { loadOwnedListing } from "./load-owned-listing";

/** Sets a photo's room type; the listing remembers it as the default for the next photos. */
export async function updateListingPhoto(options: { userId: string; listingId: string; photoId: string; roomType: RoomType; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(listingPhoto)
      .set({ roomType: options.roomType })
      .where(and(eq(listingPhoto.id, options.photoId), eq(listingPhoto.listingId, options.listingId)))
      .returning({ id: listingPhoto.id });
    if (rows.length === 0) throw new AppError("NOT_FOUND");
    await tx.update(listing).set({ lastRoomType: options.roomType }).where(eq(listing.id, options.listingId));
  });
}
