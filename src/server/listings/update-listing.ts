import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listing } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { ownedBy } from "@/server/images/owned-by";
import { invalidInput } from "@/server/invalid-input";
import { updateListingSchema } from "@/schemas/listings";

/**
 * Renames a listing (the name checked and cleaned as at creation) or turns its disclosure label on or off.
 * Who may: its author for a person's own listing, every current member of the team for a team listing (as for
 * its photos and generating); membership is read in the same statement, so a removed member is NOT_FOUND at once.
 */
export async function updateListing(options: { userId: string; listingId: string; name?: string; disclosureLabel?: boolean; db?: DbOrTx }): Promise<void> {
  const parsed = updateListingSchema.safeParse({ name: options.name, disclosureLabel: options.disclosureLabel });
  if (!parsed.success) throw invalidInput(parsed.error);
  const { name, disclosureLabel } = parsed.data;
  const db = options.db ?? (await getDb());
  const rows = await db
    .update(listing)
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(disclosureLabel !== undefined ? { disclosureLabel } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(listing.id, options.listingId), ownedBy(listing, { userId: options.userId })))
    .returning({ id: listing.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND", { reason: "listingUnavailable" });
}
