import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { LISTING_MAX_PHOTOS } from "@/config/listings";
import type { RoomType } from "@/config/room-types";
import { getDb, type DbOrTx } from "@/server/db/client";
import { image, listing, listingPhoto } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { importLibraryPhoto } from "@/server/images/import-library-photo";
import { newId } from "@/server/db/new-id";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import type { ImageSource } from "@/schemas/generation";
import { loadOwnedListing } from "./load-owned-listing";

/**
 * Adds photos at the end of a listing: the user's own images (uploads, gallery results) or library photos,
 * which become the user's uploads for the hour. Each gets the room type given, else the listing's last
 * choice. At most LISTING_MAX_PHOTOS in a listing: more is refused as a whole.
 */
export async function addListingPhotos(options: {
  userId: string;
  listingId: string;
  sources: ImageSource[];
  roomType?: RoomType;
  db?: DbOrTx;
  storage?: ImageStorage;
}): Promise<{ photoIds: string[] }> {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const row = await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)` }).from(listingPhoto).where(eq(listingPhoto.listingId, row.id));
  if (Number(count) + options.sources.length > LISTING_MAX_PHOTOS) throw new AppError("INVALID_INPUT", { field: "photos", max: LISTING_MAX_PHOTOS });

  const own = options.sources.flatMap((s) => (s.type === "image" ? [s.imageId] : []));
  if (own.length) {
    const found = await db
      .select({ id: image.id })
      .from(image)
      .where(and(inArray(image.id, own), eq(image.userId, options.userId), sql`${image.expiresAt} > now()`));
    if (new Set(found.map((f) => f.id)).size !== new Set(own).size) throw new AppError("NOT_FOUND");
  }
  const imageIds: string[] = [];
  for (const source of options.sources) {
    if (source.type === "image") imageIds.push(source.imageId);
    else imageIds.push((await importLibraryPhoto({ db, storage, userId: options.userId, libraryId: source.libraryId })).id);
  }

  const roomType = options.roomType ?? row.lastRoomType ?? "living-room";
  return db.transaction(async (tx) => {
    // The listing's row lock orders concurrent additions, so positions stay distinct.
    await tx.select({ id: listing.id }).from(listing).where(eq(listing.id, row.id)).for("update");
    const [{ next } = { next: 0 }] = await tx.select({ next: sql<number>`coalesce(max(${listingPhoto.position}) + 1, 0)` }).from(listingPhoto).where(eq(listingPhoto.listingId, row.id));
    const rows = imageIds.map((imageId, i) => ({ id: newId(), listingId: row.id, imageId, position: Number(next) + i, roomType }));
    if (rows.length) await tx.insert(listingPhoto).values(rows);
    if (options.roomType) await tx.update(listing).set({ lastRoomType: options.roomType }).where(eq(listing.id, row.id));
    return { photoIds: rows.map((r) => r.id) };
  });
}
