import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listing } from "@/server/db/schema";
import { AppError } from "@/server/errors";

/** Renames a listing or turns its disclosure label on or off. */
export async function updateListing(options: { userId: string; listingId: string; name?: string; disclosureLabel?: boolean; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .update(listing)
    .set({
      ...(options.name !== undefined ? { name: options.name.trim() } : {}),
      ...(options.disclosureLabel !== undefined ? { disclosureLabel: options.disclosureLabel } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(listing.id, options.listingId), eq(listing.userId, options.userId)))
    .returning({ id: listing.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND");
}
