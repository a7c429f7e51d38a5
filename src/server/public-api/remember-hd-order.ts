import "server-only";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { getDb, type DbOrTx } from "@/server/db/client";
import { apiHdOrder } from "@/server/db/schema";

/** An HD copy ordered through the API, so that its hd.ready webhook follows when it is made. */
export async function rememberHdOrder(options: { caller: ApiCaller; listingId: string; photoId: string; db?: DbOrTx }): Promise<void> {
  const db = options.db ?? (await getDb());
  await db.insert(apiHdOrder).values({ photoId: options.photoId, listingId: options.listingId, keyId: options.caller.keyId, ownerId: options.caller.ownerId }).onConflictDoNothing();
}
