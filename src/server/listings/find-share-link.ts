import "server-only";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listingShare } from "@/server/db/schema";
import { isAppError } from "@/server/errors";
import { hashShareToken } from "./hash-share-token";
import { resolveShareLink } from "./resolve-share-link";

/**
 * A live (not revoked) client link by its token: its id, and whether it has nothing left to show (every chosen
 * image past its hour, for good: resolveShareLink). null for an unknown or revoked token.
 */
export async function findShareLink(options: { token: string; db?: DbOrTx }): Promise<{ id: string; gone: boolean } | null> {
  const db = options.db ?? (await getDb());
  const [share] = await db.select({ id: listingShare.id, revoked: listingShare.revoked }).from(listingShare).where(eq(listingShare.tokenHash, hashShareToken(options.token)));
  if (!share || share.revoked) return null;
  try {
    await resolveShareLink({ db, token: options.token });
    return { id: share.id, gone: false };
  } catch (error) {
    if (isAppError(error, "GONE")) return { id: share.id, gone: true };
    if (isAppError(error, "NOT_FOUND")) return null;
    throw error;
  }
}
