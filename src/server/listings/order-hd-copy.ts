import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "@/server/db/client";
import { listingPhoto } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import { getBalance } from "@/server/tokens/get-balance";
import { spendTokens } from "@/server/tokens/spend-tokens";
import { listChosenResults } from "./list-chosen-results";
import { loadOwnedListing } from "./load-owned-listing";

export type HdOrderState = "ready" | "queued" | "running";

/**
 * Orders the HD copy of a photo's chosen result: one token (from the team's pool for a team's listing), spent now
 * with the order in one transaction; a worker makes the copy (make-next-hd-copy.ts) and gives the token back to
 * whoever paid it if it cannot. Ordering again while an
 * order waits or runs, or once the copy exists, changes and costs nothing, so a double click never pays twice.
 * A photo without a chosen result is NOT_FOUND (noChoice), one whose chosen result is past its hour GONE.
 * `free` (an API test key's order) spends nothing, and its copy is a plain upscale (makeHdCopy).
 */
export async function orderHdCopy(options: { userId: string; listingId: string; photoId: string; free?: boolean; db?: Db }): Promise<{ state: HdOrderState; balance: number | null }> {
  const { userId, photoId } = options;
  const db = options.db ?? (await getDb());
  const listing = await loadOwnedListing({ db, userId, listingId: options.listingId });
  const order = await db.transaction(async (tx) => {
    // The row lock serialises two orders of one photo: the second sees the first one's state.
    const [photo] = await tx
      .select()
      .from(listingPhoto)
      .where(and(eq(listingPhoto.id, photoId), eq(listingPhoto.listingId, options.listingId)))
      .for("update");
    if (!photo) throw new AppError("NOT_FOUND");
    const { items } = await listChosenResults({ db: tx, listingId: options.listingId });
    const item = items.find((i) => i.photoId === photoId);
    // No result chosen for the photo, or the chosen one past its hour.
    if (!item) throw photo.chosenVisualizationId ? new AppError("GONE") : new AppError("NOT_FOUND", { reason: "noChoice" });
    if (item.hd) return { state: "ready" as const, balance: null };
    if (photo.hdState === "queued" || photo.hdState === "running") return { state: photo.hdState, balance: null };

    const attempt = photo.hdAttempt + 1;
    const free = options.free ?? false;
    const spent = free
      ? { balance: await getBalance({ db: tx, userId, teamId: listing.teamId }) }
      : // A team's listing: its pool pays (within the member's cap), as for its Generate.
        await spendTokens({ db: tx, userId, teamId: listing.teamId, amount: 1, idempotencyKey: `hd-spend:${photoId}:${attempt}`, reference: `listing-photo:${photoId}` });
    await tx
      .update(listingPhoto)
      .set({ hdState: "queued", hdAttempt: attempt, hdOrderedAt: sql`now()`, hdLeaseUntil: null, hdVisualizationId: photo.chosenVisualizationId, hdImageId: null, hdFree: free })
      .where(eq(listingPhoto.id, photoId));
    await tx.execute(sql`select ${notifyOnCommit("jobs", sql`'*'`)}`);
    return { state: "queued" as const, balance: spent.balance };
  });
  // This process's HD worker hears it at once (the NOTIFY above reaches the others on PostgreSQL).
  if (order.state === "queued") signalHere("jobs", "*");
  return order;
}
