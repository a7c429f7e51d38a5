import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { listing, teamMember } from "@/server/db/schema";
import { AppError } from "@/server/errors";

export type ListingRow = typeof listing.$inferSelect;

/**
 * The user's own listing, or a listing of a team they belong to now (membership is read with the listing,
 * so a removed member loses access at once); another user's and an unknown id are the same NOT_FOUND, whose
 * sentence names both (deleted, or no longer in its team) without saying which.
 */
export async function loadOwnedListing(options: { db: DbOrTx; userId: string; listingId: string }): Promise<ListingRow> {
  const [row] = await options.db
    .select()
    .from(listing)
    .where(
      and(
        eq(listing.id, options.listingId),
        or(
          and(isNull(listing.teamId), eq(listing.userId, options.userId)),
          sql`exists (select 1 from ${teamMember} where ${teamMember.teamId} = ${listing.teamId} and ${teamMember.userId} = ${options.userId})`,
        ),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND", { reason: "listingUnavailable" });
  return row;
}
