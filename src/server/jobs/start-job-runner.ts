import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "@/server/log";
import { subscribe, type Channel } from "@/server/realtime/signals";
import { wakeUp } from "@/server/realtime/wake-up";

export type Worker = {
  /** Stops claiming, hands running work back to the queue and waits for it (at most graceMs). */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Resolves when nothing is running or due (tests and benchmarks). */
  idle(): Promise<void>;
};

/** One kind of background work: how to claim it (claimFairly) and how to run one claimed item. */
export type JobKind<T> = {
  /** Names the kind in the log. */
  name: string;
  /** Items run at once in this process. */
  concurrency: number;
  /**
   * How often to look for due items when no signal came (retries and abandoned leases become due by time). After a
   * look that found nothing with nothing running, the next waits twice as long, up to IDLE_POLL_FACTOR × pollMs.
   */
  pollMs: number;
  /**
   * The signals that wake it at once: "jobs" (new work queued) unless said; the webhooks add "batch" (a batch's
   * news, which their look turns into events).
   */
  wakeOn?: readonly Channel[];
  /** Up to `limit` due items, claimed with a lease. */
  claim(limit: number): Promise<T[]>;
  /** Runs one claimed item to its next state; `stopSignal` aborts when the process stops (hand the item back). */
  run(item: T, stopSignal: AbortSignal): Promise<unknown>;
  /** Names the item in the log when its run throws. */
  describe?(item: T): Record<string, unknown>;
};

/**
 * How much longer an idle runner waits between looks. New work wakes a runner at once (the "jobs" signal), so
 * the looks only find work that became due by time; each costs a query (about 20 ms of the main thread on the
 * embedded database), and an idle web process with three runners spent 5.8 % of a core on them at pollMs.
 */
export const IDLE_POLL_FACTOR = 4;

/**
 * The loop every kind of background work runs in: claims due items up to its concurrency and runs them; wakes
 * on its signals ("jobs": new work, from any process on PostgreSQL) or after pollMs (longer while idle). In the web process on the
 * embedded defaults, alone in `npm run worker`. A new kind is a claim (claimFairly on its table) and a run.
 */
export function startJobRunner<T>(kind: JobKind<T>): Worker {
  const id = `${kind.name}:${randomUUID().slice(0, 8)}`;
  const stopController = new AbortController();
  const running = new Set<Promise<void>>();
  // A signal that arrives while the loop is claiming is remembered, so the next wait ends at once.
  const { poke, wait } = wakeUp();
  const unsubscribes = (kind.wakeOn ?? ["jobs"]).map((channel) => subscribe(channel, "*", poke));
  let idleWaiters: (() => void)[] = [];

  const loop = (async () => {
    log.info("worker.started", { worker: id, concurrency: kind.concurrency });
    let idleWait = kind.pollMs;
    while (!stopController.signal.aborted) {
      let claimed = 0;
      try {
        const free = kind.concurrency - running.size;
        const items = free > 0 ? await kind.claim(free) : [];
        claimed = items.length;
        for (const item of items) {
          const task = kind
            .run(item, stopController.signal)
            .then(() => undefined)
            .catch((error: unknown) => log.error("worker.job_crashed", { worker: id, ...kind.describe?.(item), error }))
            .finally(() => {
              running.delete(task);
              poke();
            });
          running.add(task);
        }
      } catch (error) {
        if (stopController.signal.aborted) break;
        log.error("worker.claim_failed", { worker: id, error });
      }
      const idle = claimed === 0 && running.size === 0;
      if (idle) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      }
      if (claimed === 0 || running.size >= kind.concurrency) {
        await wait(idle ? idleWait : kind.pollMs);
        idleWait = idle ? Math.min(idleWait * 2, kind.pollMs * IDLE_POLL_FACTOR) : kind.pollMs;
      } else idleWait = kind.pollMs;
    }
  })();

  return {
    async stop({ graceMs = 10_000 } = {}) {
      if (stopController.signal.aborted) return;
      for (const unsubscribe of unsubscribes) unsubscribe();
      stopController.abort(new Error("worker stopping"));
      poke();
      await loop;
      const all = Promise.allSettled([...running]);
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
      log.info("worker.stopped", { worker: id });
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        poke();
      });
    },
  };
}

/** Several runners as one: stopped and awaited together. */
export function allWorkers(workers: Worker[]): Worker {
  return {
    async stop(options) {
      await Promise.all(workers.map((w) => w.stop(options)));
    },
    async idle() {
      // One runner's work may queue another's (a job's follow-up): idle when all are idle at once.
      await Promise.all(workers.map((w) => w.idle()));
    },
  };
}
