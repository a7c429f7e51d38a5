import "server-only";
import { randomBytes } from "node:crypto";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listingShare } from "@/server/db/schema";
import { newId } from "@/server/db/new-id";
import { hashShareToken } from "./hash-share-token";
import { loadOwnedListing } from "./load-owned-listing";

/** A new link for the client: 192 random bits; the token is returned once and only its hash is kept. */
export async function createShareLink(options: { userId: string; listingId: string; db?: DbOrTx }): Promise<{ id: string; token: string }> {
  const db = options.db ?? (await getDb());
  await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  const token = randomBytes(24).toString("base64url");
  const id = newId();
  await db.insert(listingShare).values({ id, listingId: options.listingId, tokenHash: hashShareToken(token) });
  return { id, token };
}
