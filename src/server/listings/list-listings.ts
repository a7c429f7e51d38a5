import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { image, listing, listingPhoto } from "@/server/db/schema";
import type { ListingSummary } from "@/schemas/listings";


/** The user's listings, newest first, with how many photos each has and how many are still within their hour. */
export async function listListings(options: { userId: string; db?: DbOrTx; now?: Date }): Promise<ListingSummary[]> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const rows = await db
    .select({
      id: listing.id,
      name: listing.name,
      createdAt: listing.createdAt,
      photos: sql<number>`count(${listingPhoto.id})`,
      livePhotos: sql<number>`count(${image.id}) filter (where ${image.expiresAt} > ${now.toISOString()})`,
    })
    .from(listing)
    .leftJoin(listingPhoto, eq(listingPhoto.listingId, listing.id))
    .leftJoin(image, eq(image.id, listingPhoto.imageId))
    .where(eq(listing.userId, options.userId))
    .groupBy(listing.id)
    .orderBy(desc(listing.createdAt));
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), photos: Number(r.photos), livePhotos: Number(r.livePhotos) }));
}
