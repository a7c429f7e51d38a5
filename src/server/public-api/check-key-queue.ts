import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { API_QUEUE_MAX } from "@/config/api";
import type { DbOrTx } from "@/server/db/client";
import { apiBatch, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";

/**
 * Refuses new work while a key has API_QUEUE_MAX visualizations (requests, whatever their number of results)
 * with a result queued or running: RATE_LIMITED (reason keyQueueFull) with a Retry-After of a few seconds.
 * Below it, work waits in the queue and runs at the key's concurrency (keyConcurrency).
 */
export async function checkKeyQueue(options: { db: DbOrTx; caller: ApiCaller }): Promise<void> {
  const [row] = await options.db
    .select({ n: sql<number>`count(distinct ${visualization.batchId})::int` })
    .from(visualization)
    .innerJoin(apiBatch, eq(apiBatch.batchId, visualization.batchId))
    .where(and(eq(apiBatch.keyId, options.caller.keyId), eq(apiBatch.finished, false), inArray(visualization.status, ["queued", "running"])));
  if (Number(row?.n ?? 0) >= API_QUEUE_MAX) throw new AppError("RATE_LIMITED", { reason: "keyQueueFull", limit: API_QUEUE_MAX, retryAfter: 5 });
}
