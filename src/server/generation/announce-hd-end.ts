import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/server/db/client";
import { notifyOnCommit } from "@/server/realtime/signals";
import { appendBatchEvents } from "./append-batch-events";

/**
 * The end of a result's HD or 4K order (made, failed, or dropped with its token given back), as an "hd" event of
 * the result's batch, whose stream the page follows while the copy is made; its followers are woken when the
 * transaction commits (and, in this process, by `signalHere("batch", batchId)` after it).
 */
export async function announceHdEnd(tx: Tx, options: { batchId: string; visualizationId: string; state: "ready" | "failed" | null }): Promise<void> {
  await appendBatchEvents(tx, options.batchId, [{ type: "hd", visualizationId: options.visualizationId, state: options.state }]);
  await tx.execute(sql`select ${notifyOnCommit("batch", sql`${options.batchId}`)}`);
}
