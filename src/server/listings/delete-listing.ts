import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listing } from "@/server/db/schema";
import { keepListingImages } from "./keep-listing-images";
import { loadOwnedListing } from "./load-owned-listing";

/**
 * Deletes a listing with its photos' places, briefs and links. Its batches stay until their hour ends,
 * like any other (they still show under the person's generations); what it kept goes back to its hour.
 * Who may: as for every change of a listing (loadOwnedListing), a team listing by any current member of the team.
 */
export async function deleteListing(options: { userId: string; listingId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.transaction(async (tx) => {
    const own = await loadOwnedListing({ db: tx, userId: options.userId, listingId: options.listingId });
    if (own.keepUntil) await keepListingImages({ db: tx, userId: options.userId, listingId: own.id, keep: false });
    await tx.delete(listing).where(eq(listing.id, own.id));
  });
}
