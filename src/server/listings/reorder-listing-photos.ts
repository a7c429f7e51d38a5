import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listingPhoto } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { loadOwnedListing } from "./load-owned-listing";

/** Puts the listing's photos in the order given; the list must name every photo exactly once. */
export async function reorderListingPhotos(options: { userId: string; listingId: string; photoIds: string[]; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: listingPhoto.id }).from(listingPhoto).where(eq(listingPhoto.listingId, options.listingId)).for("update");
    const known = new Set(current.map((c) => c.id));
    if (options.photoIds.length !== known.size || new Set(options.photoIds).size !== known.size || !options.photoIds.every((id) => known.has(id))) {
      throw new AppError("INVALID_INPUT", { field: "photoIds" });
    }
    for (const [position, id] of options.photoIds.entries()) {
      await tx.update(listingPhoto).set({ position }).where(and(eq(listingPhoto.id, id), eq(listingPhoto.listingId, options.listingId)));
    }
  });
}
