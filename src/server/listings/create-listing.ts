import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import { and, eq } from "drizzle-orm";
import { listing, teamMember } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { newId } from "@/server/db/new-id";
import { invalidInput } from "@/server/invalid-input";
import { createListingSchema } from "@/schemas/listings";
import type { ListingRow } from "./load-owned-listing";

/**
 * A new, empty listing; the name is the address or the agent's own reference, kept without control characters.
 * An empty or too long name is INVALID_INPUT with its reason (noListingName, listingNameTooLong).
 */
export async function createListing(options: { userId: string; name: string; /** Where the author works now: the listing then belongs to that team. */ teamId?: string | null; db?: DbOrTx }): Promise<ListingRow> {
  const parsed = createListingSchema.safeParse({ name: options.name });
  if (!parsed.success) throw invalidInput(parsed.error);
  const db = options.db ?? (await getDb());
  const teamId = options.teamId ?? null;
  if (teamId) {
    const [member] = await db.select({ role: teamMember.role }).from(teamMember).where(and(eq(teamMember.teamId, teamId), eq(teamMember.userId, options.userId)));
    if (!member) throw new AppError("NOT_FOUND");
  }
  const [row] = await db.insert(listing).values({ id: newId(), userId: options.userId, teamId, name: parsed.data.name }).returning();
  return row!;
}
