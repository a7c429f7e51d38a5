import "server-only";
import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { STRUCTURE_CHECK_WAIT_SECONDS } from "@/config/generation";
import { executeRows } from "@/server/db/execute-rows";
import { subscribe } from "@/server/realtime/signals";
import { wakeUp } from "@/server/realtime/wake-up";

const encoder = new TextEncoder();

/**
 * A batch's events as Server-Sent Events, read from the database (so it works whichever process ran the
 * job): everything after `afterSeq` (the client's Last-Event-ID), then each new event as its signal
 * arrives, with a poll as a safety net. Ends with `event: done` once every visualization is final, every
 * result has its structure check (or gave up waiting for it, STRUCTURE_CHECK_WAIT_SECONDS) and no 4K or HD copy
 * of its results (ordered on the design page or by a listing) is still being made (its end is an "hd" event).
 * The caller checks ownership first.
 */
export function streamBatchEvents(options: { batchId: string; afterSeq: number; signal: AbortSignal; db?: DbOrTx; pollMs?: number; heartbeatMs?: number }): ReadableStream<Uint8Array> {
  let cursor = Math.max(0, Math.floor(options.afterSeq) || 0);
  let closed = false;
  // A signal that arrives while we read is remembered, so the next wait ends at once.
  const { poke, wait } = wakeUp();
  let unsubscribe = () => {};

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const db = options.db ?? (await getDb());
      unsubscribe = subscribe("batch", options.batchId, poke);
      const finish = () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by a cancel.
        }
      };
      options.signal.addEventListener("abort", finish, { once: true });
      controller.enqueue(encoder.encode("retry: 2000\n\n"));
      let lastWrite = Date.now();
      try {
        while (!closed) {
          const { open, events } = await readAfter(db, options.batchId, cursor);
          if (closed) break;
          for (const event of events) {
            controller.enqueue(encoder.encode(`id: ${event.seq}\ndata: ${JSON.stringify(event.payload)}\n\n`));
            cursor = event.seq;
            lastWrite = Date.now();
          }
          if (events.length === PAGE) continue;
          if (open === 0) {
            controller.enqueue(encoder.encode(`event: done\ndata: {}\n\n`));
            finish();
            break;
          }
          if (Date.now() - lastWrite >= (options.heartbeatMs ?? 15_000)) {
            controller.enqueue(encoder.encode(`: keep-alive\n\n`));
            lastWrite = Date.now();
          }
          await wait(options.pollMs ?? 2000);
        }
      } finally {
        // Ended, cancelled or failed (a database error): never leave the listener behind.
        unsubscribe();
        if (!closed) controller.error(new Error("event stream failed"));
      }
    },
    cancel() {
      closed = true;
      unsubscribe();
      poke();
    },
  });
}

const PAGE = 500;

/**
 * The batch's styles not yet final (and 4K or HD copies of its results still being made) and its
 * events after `cursor`, in one statement (one round trip per wake-up) and so from one snapshot: when no style is open, the events that closed them are in the same read, and "done"
 * never comes before the last event. A batch that is gone has no open style.
 */
async function readAfter(db: DbOrTx, batchId: string, cursor: number): Promise<{ open: number; events: { seq: number; payload: unknown }[] }> {
  const rows = await executeRows<{ open: number | string; seq: number | null; payload: unknown }>(db, sql`
    select s.open, e.seq, e.payload
      from (select count(*) filter (where status not in ('succeeded', 'failed')
                 or (status = 'succeeded' and structure_score is null and finished_at > now() - ${STRUCTURE_CHECK_WAIT_SECONDS} * interval '1 second')
                 or hd_state in ('queued', 'running'))
                 + (select count(*) from listing_photo p join visualization v on v.id = p.hd_visualization_id
                     where p.hd_state in ('queued', 'running') and v.batch_id = ${batchId}) as open
              from visualization where batch_id = ${batchId}) s
      left join lateral (select seq, payload from batch_event where batch_id = ${batchId} and seq > ${cursor} order by seq limit ${PAGE}) e on true
     order by e.seq`);
  return {
    open: Number(rows[0]?.open ?? 0),
    events: rows.flatMap((r) => (r.seq === null ? [] : [{ seq: Number(r.seq), payload: r.payload }])),
  };
}
