import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listingShare } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { loadOwnedListing } from "./load-owned-listing";

/** Ends a client link for good: from now on it answers 404, like a link that never existed. */
export async function revokeShareLink(options: { userId: string; listingId: string; shareId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  const rows = await db
    .update(listingShare)
    .set({ revoked: true })
    .where(and(eq(listingShare.id, options.shareId), eq(listingShare.listingId, options.listingId)))
    .returning({ id: listingShare.id });
  if (rows.length === 0) throw new AppError("NOT_FOUND");
}
