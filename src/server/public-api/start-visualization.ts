import "server-only";
import { and, eq } from "drizzle-orm";
import { isAiEngine } from "@/config/engines";
import { createBatchSchema, type CreateBatchInput } from "@/schemas/generation";
import { parseInput } from "@/server/parse-input";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { getDb, type Db } from "@/server/db/client";
import { apiBatch, batch } from "@/server/db/schema";
import { createBatch } from "@/server/generation/create-batch";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { checkKeyConcurrency } from "./key-concurrency";
import { toApiVisualization } from "./to-api-visualization";

/**
 * The API's "create a visualization": the website's Generate (createBatch: the same checks, the same ledger, the
 * same queue) for the key's owner, within the key's concurrency, remembered as the key's so that its webhooks
 * follow it. A test key's batch is free and made for the local engine (or the server's own engine when that is
 * not an AI one), so it costs nobody anything. The same requestId again answers the first batch.
 */
export async function startVisualization(options: { caller: ApiCaller; request: Omit<CreateBatchInput, "requestId">; requestId: string; db?: Db }) {
  const db = options.db ?? (await getDb());
  const { caller } = options;
  const test = caller.mode === "test";
  const server = getEngineInfo().id;
  const engineId = test && isAiEngine(server) ? "local" : server;
  // The body as the website's Generate reads it (createBatchSchema), with the Idempotency-Key as its requestId.
  const request = parseInput(createBatchSchema, { ...options.request, requestId: options.requestId });
  const [earlier] = await db.select({ id: batch.id }).from(batch).where(and(eq(batch.userId, caller.ownerId), eq(batch.requestId, options.requestId)));
  if (!earlier) await checkKeyConcurrency({ db, caller });
  const made = await createBatch({ userId: caller.ownerId, request, engineId, free: test, db });
  await db.insert(apiBatch).values({ batchId: made.batch.id, keyId: caller.keyId, ownerId: caller.ownerId }).onConflictDoNothing();
  return { visualization: toApiVisualization(made.batch, test), balance: made.balance, cost: test ? 0 : made.batch.visualizations.length };
}
