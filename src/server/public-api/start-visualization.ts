import "server-only";
import { and, eq } from "drizzle-orm";
import type { CreateVisualizationRequest } from "@/schemas/public-api";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { getDb, type Db, type Tx } from "@/server/db/client";
import { apiBatch, batch } from "@/server/db/schema";
import { createBatch } from "@/server/generation/create-batch";
import { engineForKey } from "./engine-for-key";
import { checkKeyQueue } from "./check-key-queue";
import { keyConcurrency } from "./key-concurrency";
import { toApiVisualization } from "./to-api-visualization";

/**
 * The API's "create a visualization": the website's Generate (createBatch: the same checks, the same ledger, the
 * same queue) for the key's owner (a team's key: the team, its pool paying), within the key's concurrency, remembered as the key's so that its webhooks
 * follow it. A test key's batch is free and made for the local engine (or the server's own engine when that is
 * not an AI one), so it costs nobody anything. The same requestId again answers the first batch.
 */
export async function startVisualization(options: { caller: ApiCaller; request: CreateVisualizationRequest; requestId: string; db?: Db }) {
  const db = options.db ?? (await getDb());
  const { caller } = options;
  const test = caller.mode === "test";
  const engineId = engineForKey(caller);
  // Checked at the seam (createVisualizationSchema); the Idempotency-Key's id is the website's per-click requestId.
  const request = { ...options.request, requestId: options.requestId };
  const [earlier] = await db.select({ id: batch.id }).from(batch).where(and(eq(batch.userId, caller.ownerId), eq(batch.requestId, options.requestId)));
  if (!earlier) await checkKeyQueue({ db, caller });
  const concurrency = await keyConcurrency({ db, caller });
  // Written with the batch, so no worker claims its jobs before they are in the key's lane.
  const linked = async (tx: Tx, batchId: string) => {
    await tx.insert(apiBatch).values({ batchId, keyId: caller.keyId, ownerId: caller.ownerId, concurrency }).onConflictDoNothing();
  };
  const made = await createBatch({ userId: caller.ownerId, teamId: caller.teamId, request, engineId, free: test, linked, db });
  return { visualization: toApiVisualization(made.batch, test), balance: made.balance, cost: test ? 0 : made.batch.visualizations.length };
}
