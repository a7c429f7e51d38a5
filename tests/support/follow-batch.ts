import type { DbOrTx } from "@/server/db/client";
import { streamBatchEvents } from "@/server/generation/stream-batch-events";
import type { BatchEvent } from "@/schemas/generation";

/** A batch's event stream read for a moment: whether it ended ("done") and its events, as a page following it gets them. */
export async function followBatch(db: DbOrTx, batchId: string, forMs = 400): Promise<{ done: boolean; events: BatchEvent[] }> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), forMs);
  const text = await new Response(streamBatchEvents({ db, batchId, afterSeq: 0, signal: stop.signal, pollMs: 50 })).text();
  clearTimeout(timer);
  const events = text.split("\n\n").flatMap((block) => (block.startsWith("id: ") ? [JSON.parse(block.split("\n")[1]!.slice("data: ".length)) as BatchEvent] : []));
  return { done: text.includes("event: done"), events };
}
