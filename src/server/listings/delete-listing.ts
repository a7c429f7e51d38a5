import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listing } from "@/server/db/schema";
import { AppError } from "@/server/errors";

/**
 * Deletes a listing with its photos' places, briefs and links. Its batches stay until their hour ends,
 * like any other (they still show under the person's generations).
 */
export async function deleteListing(options: { userId: string; listingId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .delete(listing)
    .where(and(eq(listing.id, options.listingId), eq(listing.userId, options.userId)))
    .returning({ id: listing.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND");
}
