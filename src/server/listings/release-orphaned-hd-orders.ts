import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { listingPhoto } from "@/server/db/schema";

/**
 * Ends now the leases of HD copies left being made by a process that died, as releaseOrphanedJobs does for
 * generation jobs and on the same condition (the embedded database, which one process at a time works on): the
 * next worker makes them at once instead of after their three-minute lease. Returns how many were released.
 */
export async function releaseOrphanedHdOrders(options: { db: DbOrTx }): Promise<number> {
  const released = await options.db
    .update(listingPhoto)
    // A second back, not now(): the embedded database's clock can read the same in the claim that follows.
    .set({ hdLeaseUntil: sql`now() - interval '1 second'` })
    .where(and(eq(listingPhoto.hdState, "running"), gt(listingPhoto.hdLeaseUntil, sql`now()`)))
    .returning({ id: listingPhoto.id });
  return released.length;
}
