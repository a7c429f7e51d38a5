import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { findLibraryPhoto } from "@/config/library";
import { LISTING_MAX_PHOTOS } from "@/config/listings";
import type { RoomType } from "@/config/room-types";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, image, listing, listingPhoto, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { importLibraryPhoto } from "@/server/images/import-library-photo";
import { ownedBy } from "@/server/images/owned-by";
import { newId } from "@/server/db/new-id";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import type { ImageSource } from "@/schemas/generation";
import type { ImageRow } from "@/server/images/image-dto";
import { loadOwnedListing } from "./load-owned-listing";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";

/**
 * Adds photos at the end of a listing: images the user reaches (their own, their team's; uploads, gallery
 * results; not a mask) or library photos, which become uploads for the hour of the listing's account. Each gets the room type given, else the listing's last
 * choice; a library photo named without one keeps its own (src/config/library.ts), and a result from the
 * gallery keeps the room type it was made for. At most LISTING_MAX_PHOTOS in a listing: more is refused as a
 * whole (tooManyPhotos), and so is an image named twice (samePhotoTwice) or one already in the listing
 * (CONFLICT, photoInListing); the checks are made again under the listing's row lock, so two additions at once
 * cannot pass them together. Each library photo counts as an upload against the upload limit: importing one
 * decodes and stores an image as an upload does.
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
  const own = options.sources.flatMap((s) => (s.type === "image" ? [s.imageId] : []));
  if (new Set(own).size !== own.length) throw new AppError("INVALID_INPUT", { field: "sources", reason: "samePhotoTwice" });
  // Refused before a library photo is imported (decoded and stored) for nothing.
  await checkRoom({ db, listingId: row.id, adding: options.sources.length, own });
  if (own.length) {
    const found = await db
      .select({ id: image.id })
      .from(image)
      .where(and(inArray(image.id, own), ownedBy(image, { userId: options.userId }), inArray(image.kind, ["upload", "result"]), sql`${image.expiresAt} > now()`));
    if (found.length !== own.length) throw new AppError("NOT_FOUND");
  }
  const fromLibrary = options.sources.length - own.length;
  if (fromLibrary > 0) await hitRateLimit({ rule: "upload", subject: options.userId, count: fromLibrary, db });
  const imageIds: string[] = [];
  // A library photo shows a room of a known type: it keeps that unless the request names one.
  const libraryRooms = new Map<string, RoomType>();
  const imported: ImageRow[] = [];
  try {
    for (const source of options.sources) {
      if (source.type === "image") imageIds.push(source.imageId);
      else {
        const copy = await importLibraryPhoto({ db, storage, userId: options.userId, teamId: row.teamId, libraryId: source.libraryId });
        imported.push(copy);
        imageIds.push(copy.id);
        const shown = findLibraryPhoto(source.libraryId)?.roomType;
        if (shown && !options.roomType) libraryRooms.set(copy.id, shown);
      }
    }
    return await insertPhotos({ db, listingId: row.id, own, imageIds, libraryRooms, roomType: options.roomType ?? row.lastRoomType ?? "living-room", namedRoom: options.roomType });
  } catch (error) {
    // Refused after importing (another addition took the room meanwhile, under the lock): the copies go, so a
    // refused addition leaves nothing in the gallery. Importing under the lock would hold the database while
    // images are decoded.
    await discard({ db, storage, images: imported });
    throw error;
  }
}

/** The photos at the end of the listing, under its row lock, the checks made again there. */
async function insertPhotos(options: {
  db: DbOrTx;
  listingId: string;
  own: string[];
  imageIds: string[];
  libraryRooms: Map<string, RoomType>;
  roomType: string;
  namedRoom: RoomType | undefined;
}): Promise<{ photoIds: string[] }> {
  const { db, listingId, own, imageIds, libraryRooms, roomType } = options;
  // A result from the gallery keeps the room it was made for (its prompt names the room); the rest take the choice.
  const resultRooms = new Map(
    own.length
      ? (
          await db
            .select({ imageId: visualization.resultImageId, roomType: batch.roomType })
            .from(visualization)
            .innerJoin(batch, eq(batch.id, visualization.batchId))
            .where(inArray(visualization.resultImageId, own))
        ).map((r) => [r.imageId, r.roomType as RoomType])
      : [],
  );
  return db.transaction(async (tx) => {
    // The listing's row lock orders concurrent additions, so positions stay distinct and the checks hold.
    await tx.select({ id: listing.id }).from(listing).where(eq(listing.id, listingId)).for("update");
    await checkRoom({ db: tx, listingId: listingId, adding: imageIds.length, own });
    const [{ next } = { next: 0 }] = await tx.select({ next: sql<number>`coalesce(max(${listingPhoto.position}) + 1, 0)` }).from(listingPhoto).where(eq(listingPhoto.listingId, listingId));
    const rows = imageIds.map((imageId, i) => ({ id: newId(), listingId: listingId, imageId, position: Number(next) + i, roomType: resultRooms.get(imageId) ?? libraryRooms.get(imageId) ?? roomType }));
    if (rows.length) await tx.insert(listingPhoto).values(rows);
    if (options.namedRoom) await tx.update(listing).set({ lastRoomType: options.namedRoom }).where(eq(listing.id, listingId));
    return { photoIds: rows.map((r) => r.id) };
  });
}

/** Deletes imported copies, rows and files, that no listing took. */
async function discard(options: { db: DbOrTx; storage: ImageStorage; images: ImageRow[] }): Promise<void> {
  if (options.images.length === 0) return;
  await options.db.delete(image).where(inArray(image.id, options.images.map((i) => i.id)));
  await Promise.all(options.images.map((i) => options.storage.delete(i.storageKey)));
}

/** Room in the listing for `adding` more photos, none of the user's images `own` among those it has. */
async function checkRoom(options: { db: DbOrTx; listingId: string; adding: number; own: string[] }): Promise<void> {
  const { db, listingId } = options;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)` }).from(listingPhoto).where(eq(listingPhoto.listingId, listingId));
  if (Number(count) + options.adding > LISTING_MAX_PHOTOS) throw new AppError("INVALID_INPUT", { field: "sources", reason: "tooManyPhotos", max: LISTING_MAX_PHOTOS });
  if (options.own.length === 0) return;
  const [already] = await db
    .select({ id: listingPhoto.id })
    .from(listingPhoto)
    .where(and(eq(listingPhoto.listingId, listingId), inArray(listingPhoto.imageId, options.own)))
    .limit(1);
  if (already) throw new AppError("CONFLICT", { reason: "photoInListing" });
}
