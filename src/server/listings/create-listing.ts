import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listing } from "@/server/db/schema";
import { newId } from "@/server/db/new-id";
import type { ListingRow } from "./load-owned-listing";

/** A new, empty listing; the name is the address or the agent's own reference. */
export async function createListing(options: { userId: string; name: string; db?: DbOrTx }): Promise<ListingRow> {
  const db = options.db ?? (await getDb());
  const [row] = await db.insert(listing).values({ id: newId(), userId: options.userId, name: options.name.trim() }).returning();
  return row!;
}
