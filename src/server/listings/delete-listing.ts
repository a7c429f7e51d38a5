import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listing } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { keepListingImages } from "./keep-listing-images";

/**
 * Deletes a listing with its photos' places, briefs and links. Its batches stay until their hour ends,
 * like any other (they still show under the person's generations); what it kept goes back to its hour.
 */
export async function deleteListing(options: { userId: string; listingId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: listing.id, keepUntil: listing.keepUntil })
      .from(listing)
      .where(and(eq(listing.id, options.listingId), eq(listing.userId, options.userId)));
    if (!own) throw new AppError("NOT_FOUND");
    if (own.keepUntil) await keepListingImages({ db: tx, userId: options.userId, listingId: own.id, keep: false });
    await tx.delete(listing).where(eq(listing.id, own.id));
  });
}
