import "server-only";
import { randomBytes } from "node:crypto";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listingShare } from "@/server/db/schema";
import { newId } from "@/server/db/new-id";
import { AppError } from "@/server/errors";
import { hashShareToken } from "./hash-share-token";
import { listChosenResults } from "./list-chosen-results";
import { loadOwnedListing } from "./load-owned-listing";

/**
 * A new link for the client: 192 random bits; the token is returned once and only its hash is kept. A link
 * shows the chosen results, so a listing without one is refused (NOT_FOUND, nothingChosen; GONE when the
 * chosen ones are past their hour) rather than handing out a link that opens on "expired".
 */
export async function createShareLink(options: { userId: string; listingId: string; db?: DbOrTx }): Promise<{ id: string; token: string }> {
  const db = options.db ?? (await getDb());
  await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  const { items, dead } = await listChosenResults({ db, listingId: options.listingId });
  if (items.length === 0) throw dead > 0 ? new AppError("GONE") : new AppError("NOT_FOUND", { reason: "nothingChosen" });
  const token = randomBytes(24).toString("base64url");
  const id = newId();
  const liveUntil = new Date(Math.max(...items.map((i) => i.result.expiresAt.getTime())));
  await db.insert(listingShare).values({ id, listingId: options.listingId, tokenHash: hashShareToken(token), liveUntil });
  return { id, token };
}
