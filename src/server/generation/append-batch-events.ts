import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/server/db/client";
import { batch, batchEvent } from "@/server/db/schema";
import type { BatchEvent } from "@/schemas/generation";

type WithoutSeq<T> = T extends unknown ? Omit<T, "seq"> : never;
export type BatchEventInput = WithoutSeq<BatchEvent>;

/**
 * Numbers and stores events of a batch inside the caller's transaction, in two statements however many there
 * are. The numbers come from the batch row, whose lock is held until commit, so a batch's events commit in the
 * order of their numbers. (A running job's steps do the same in one statement: writeJobStep.)
 */
export async function appendBatchEvents(tx: Tx, batchId: string, events: BatchEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const [row] = await tx
    .update(batch)
    .set({ lastSeq: sql`${batch.lastSeq} + ${events.length}` })
    .where(eq(batch.id, batchId))
    .returning({ last: batch.lastSeq });
  if (!row) throw new Error(`appendBatchEvents: no batch ${batchId}`);
  const first = row.last - events.length + 1;
  await tx.insert(batchEvent).values(events.map((event, i) => ({ batchId, seq: first + i, payload: { ...event, seq: first + i } })));
}
