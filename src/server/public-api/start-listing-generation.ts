import "server-only";
import type { GenerateListingApiRequest } from "@/schemas/public-api";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { apiBatch } from "@/server/db/schema";
import { generateListing } from "@/server/listings/generate-listing";
import { engineForKey } from "./engine-for-key";
import { keyConcurrency } from "./key-concurrency";

/**
 * The API's "generate for a listing's photos": the website's generateListing (one spend for all), its
 * batches remembered as the key's, in its lane and for its webhooks. A test key's generation is free and made
 * for the local engine (engineForKey), as its single visualizations are.
 */
export async function startListingGeneration(options: { caller: ApiCaller; listingId: string; request: GenerateListingApiRequest; requestId: string; db?: Db }) {
  const { caller } = options;
  const db = options.db ?? (await getDb());
  const concurrency = await keyConcurrency({ db, caller });
  // Written with the batches, so no worker claims their jobs before they are in the key's lane.
  const linked = async (tx: Tx, batchIds: string[]) => {
    await tx
      .insert(apiBatch)
      .values(batchIds.map((batchId) => ({ batchId, keyId: caller.keyId, ownerId: caller.ownerId, listingId: options.listingId, concurrency })))
      .onConflictDoNothing();
  };
  const made = await generateListing({
    userId: caller.ownerId,
    listingId: options.listingId,
    // Checked at the seam (generateListingApiSchema); the Idempotency-Key's id is the website's per-click requestId.
    ...options.request,
    requestId: options.requestId,
    engineId: engineForKey(caller),
    free: caller.mode === "test",
    linked,
    db,
  });
  return { visualizationIds: made.batchIds, cost: made.cost, balance: made.balance };
}
