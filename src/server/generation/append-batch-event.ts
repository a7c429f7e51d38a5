import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/server/db/client";
import { batch, batchEvent } from "@/server/db/schema";
import type { BatchEvent } from "@/schemas/generation";

type WithoutSeq<T> = T extends unknown ? Omit<T, "seq"> : never;
export type BatchEventInput = WithoutSeq<BatchEvent>;

/**
 * Numbers and stores one event of a batch inside the caller's transaction. The number comes from the
 * batch row, whose lock is held until commit, so a batch's events commit in the order of their numbers.
 */
export async function appendBatchEvent(tx: Tx, batchId: string, event: BatchEventInput): Promise<number> {
  const [row] = await tx
    .update(batch)
    .set({ lastSeq: sql`${batch.lastSeq} + 1` })
    .where(eq(batch.id, batchId))
    .returning({ seq: batch.lastSeq });
  if (!row) throw new Error(`appendBatchEvent: no batch ${batchId}`);
  await tx.insert(batchEvent).values({ batchId, seq: row.seq, payload: { ...event, seq: row.seq } });
  return row.seq;
}
