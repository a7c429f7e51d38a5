import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { image, listing, listingPhoto } from "@/server/db/schema";
import type { ListingSummary } from "@/schemas/listings";


/** The user's own listings, or with teamId the team's (the caller checked membership), newest first, with how many photos each has and how many are still within their hour. */
export async function listListings(options: { userId: string; teamId?: string | null; db?: DbOrTx; now?: Date }): Promise<ListingSummary[]> {
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
    .where(options.teamId ? eq(listing.teamId, options.teamId) : and(eq(listing.userId, options.userId), isNull(listing.teamId)))
    .groupBy(listing.id)
    .orderBy(desc(listing.createdAt));
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.createdAt.toISOString(), photos: Number(r.photos), livePhotos: Number(r.livePhotos) }));
}
