import "server-only";
import { and, asc, eq, gt } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batchEvent, visualization } from "@/server/db/schema";
import { subscribe } from "@/server/realtime/signals";

const encoder = new TextEncoder();

/**
 * A batch's events as Server-Sent Events, read from the database (so it works whichever process ran the
 * job): everything after `afterSeq` (the client's Last-Event-ID), then each new event as its signal
 * arrives, with a poll as a safety net. Ends with `event: done` once every visualization is final.
 * The caller checks ownership first.
 */
export function streamBatchEvents(options: { batchId: string; afterSeq: number; signal: AbortSignal; db?: DbOrTx; pollMs?: number; heartbeatMs?: number }): ReadableStream<Uint8Array> {
  let cursor = Math.max(0, Math.floor(options.afterSeq) || 0);
  let closed = false;
  let wake: (() => void) | null = null;
  // A signal that arrives while we read is remembered, so the next wait ends at once.
  let pending = false;
  const poke = () => (wake ? wake() : (pending = true));
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
          // Read the states before the events: an event committed in between is then read too, so "done" never comes before the last event.
          const states = await db.select({ status: visualization.status }).from(visualization).where(eq(visualization.batchId, options.batchId));
          const events = await db
            .select({ seq: batchEvent.seq, payload: batchEvent.payload })
            .from(batchEvent)
            .where(and(eq(batchEvent.batchId, options.batchId), gt(batchEvent.seq, cursor)))
            .orderBy(asc(batchEvent.seq))
            .limit(500);
          if (closed) break;
          for (const event of events) {
            controller.enqueue(encoder.encode(`id: ${event.seq}\ndata: ${JSON.stringify(event.payload)}\n\n`));
            cursor = event.seq;
            lastWrite = Date.now();
          }
          if (events.length === 500) continue;
          const final = states.length === 0 || states.every((s) => s.status === "succeeded" || s.status === "failed");
          if (final) {
            controller.enqueue(encoder.encode(`event: done\ndata: {}\n\n`));
            finish();
            break;
          }
          if (Date.now() - lastWrite >= (options.heartbeatMs ?? 15_000)) {
            controller.enqueue(encoder.encode(`: keep-alive\n\n`));
            lastWrite = Date.now();
          }
          if (pending) {
            pending = false;
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, options.pollMs ?? 2000);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
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
