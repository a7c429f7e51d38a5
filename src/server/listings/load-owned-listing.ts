import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { listing } from "@/server/db/schema";
import { AppError } from "@/server/errors";

export type ListingRow = typeof listing.$inferSelect;

/** The user's listing; another user's and an unknown id are the same NOT_FOUND. */
export async function loadOwnedListing(options: { db: DbOrTx; userId: string; listingId: string }): Promise<ListingRow> {
  const [row] = await options.db
    .select()
    .from(listing)
    .where(and(eq(listing.id, options.listingId), eq(listing.userId, options.userId)));
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
