import "server-only";
import { generateListingSchema, type GenerateListingInput } from "@/schemas/listings";
import { parseInput } from "@/server/parse-input";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { getDb, type Db } from "@/server/db/client";
import { apiBatch } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { generateListing } from "@/server/listings/generate-listing";

/**
 * The API's "generate for every photo of a listing": the website's generateListing (one spend for all), its
 * batches remembered as the key's for the webhooks. Test keys are refused (FORBIDDEN, reason testKeySpends):
 * a listing's generation and HD copies always spend.
 */
export async function startListingGeneration(options: { caller: ApiCaller; listingId: string; request: Omit<GenerateListingInput, "requestId">; requestId: string; db?: Db }) {
  const { caller } = options;
  if (caller.mode === "test") throw new AppError("FORBIDDEN", { reason: "testKeySpends" });
  const db = options.db ?? (await getDb());
  const made = await generateListing({
    userId: caller.ownerId,
    listingId: options.listingId,
    // The body as the website's listing Generate reads it (generateListingSchema), with the Idempotency-Key as its requestId.
    ...parseInput(generateListingSchema, { ...options.request, requestId: options.requestId }),
    engineId: getEngineInfo().id,
    db,
  });
  if (made.batchIds.length) {
    await db
      .insert(apiBatch)
      .values(made.batchIds.map((batchId) => ({ batchId, keyId: caller.keyId, ownerId: caller.ownerId, listingId: options.listingId })))
      .onConflictDoNothing();
  }
  return { visualizationIds: made.batchIds, cost: made.cost, balance: made.balance };
}
