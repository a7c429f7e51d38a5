import "server-only";
import { randomUUID } from "node:crypto";
import { FOLLOW_UP_EVERY_MS, JOB_LEASE_MS, STRUCTURE_CHECK_QUEUE, SWEEP_INTERVAL_MS } from "@/config/generation";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import type { Engine } from "@/server/engines/engine";
import { createLocalEngine } from "@/server/engines/local-engine";
import { subscribe } from "@/server/realtime/signals";
import { wakeUp } from "@/server/realtime/wake-up";
import type { ImageStorage } from "@/server/storage/storage";
import type { RetryPolicy } from "./backoff-delay";
import { claimJobs } from "./claim-jobs";
import { readSourceCached } from "@/server/images/read-source-cached";
import { createCheckQueue } from "./create-check-queue";
import { claimFollowUps, finishFollowUp } from "./finish-follow-ups";
import { runJob, type JobOutcome } from "./run-job";
import { sweepExpired } from "./sweep-expired";

export type Worker = {
  /** Stops claiming, hands running jobs back to the queue and waits for them (at most graceMs). */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Resolves when no job is running or due (tests and benchmarks). */
  idle(): Promise<void>;
};

export type WorkerOptions = {
  db: Db;
  storage: ImageStorage;
  engine: Engine;
  /** Jobs run at once in this process; the engine's own limit by default. */
  concurrency?: number;
  leaseMs?: number;
  /** How often to look for due jobs when no signal came (retries become due by time, not by signal). */
  pollMs?: number;
  sweepEveryMs?: number;
  timeoutMs?: number;
  retry?: RetryPolicy;
  onOutcome?: (outcome: JobOutcome, visualizationId: string) => void;
};

/**
 * The generation worker: claims due jobs up to its concurrency and runs them; wakes on the "jobs" signal
 * (new batches, any process with PostgreSQL) or every pollMs. Inside the web process on the embedded
 * defaults; alone in `npm run worker`. Also runs the sweeper.
 */
export function startWorker(options: WorkerOptions): Worker {
  const id = randomUUID().slice(0, 8);
  const concurrency = options.concurrency ?? options.engine.concurrency;
  const pollMs = options.pollMs ?? 1000;
  const stopController = new AbortController();
  const running = new Set<Promise<void>>();
  // A signal that arrives while the loop is claiming is remembered, so the next wait ends at once.
  const { poke, wait } = wakeUp();
  const unsubscribe = subscribe("jobs", "*", poke);
  let idleWaiters: (() => void)[] = [];
  const readSource = readSourceCached(options.storage);
  const checks = createCheckQueue(STRUCTURE_CHECK_QUEUE);
  let lastClaimEmpty = false;
  // An API test key's batches are made for the local engine whatever this worker's engine is: they cost no one anything.
  let localEngine: Engine | undefined;
  const engineFor = (job: { engine: string }) => (job.engine === "local" && options.engine.id !== "local" ? (localEngine ??= createLocalEngine()) : options.engine);
  let followUpsDueAt = 0;

  /** Results whose worker stopped before their full-size JPEG or structure check (finishFollowUp), in the check queue's turn. */
  async function takeOverFollowUps() {
    try {
      const followUps = await claimFollowUps({ db: options.db, limit: concurrency, leaseMs: options.leaseMs ?? JOB_LEASE_MS });
      for (const followUp of followUps) {
        const task = checks
          .check(() => finishFollowUp({ db: options.db, storage: options.storage, followUp }))
          .finally(() => {
            running.delete(task);
            poke();
          });
        running.add(task);
      }
    } catch (error) {
      if (!stopController.signal.aborted) log.error("worker.follow_ups_failed", { worker: id, error });
    }
  }

  const loop = (async () => {
    log.info("worker.started", { worker: id, engine: options.engine.id, concurrency });
    while (!stopController.signal.aborted) {
      let claimed = 0;
      try {
        const free = concurrency - running.size;
        const jobs = free > 0 ? await claimJobs({ db: options.db, limit: free, leaseMs: options.leaseMs ?? JOB_LEASE_MS }) : [];
        claimed = jobs.length;
        for (const job of jobs) {
          const task = runJob({ ...options, engine: engineFor(job), job, readSource, checks, stopSignal: stopController.signal, leaseMs: options.leaseMs, timeoutMs: options.timeoutMs, retry: options.retry })
            .then((outcome) => options.onOutcome?.(outcome, job.visualizationId))
            .catch((error: unknown) => log.error("worker.job_crashed", { worker: id, visualizationId: job.visualizationId, error }))
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
      if (claimed === 0 && Date.now() >= followUpsDueAt) {
        followUpsDueAt = Date.now() + FOLLOW_UP_EVERY_MS;
        await takeOverFollowUps();
      }
      lastClaimEmpty = claimed === 0;
      if (lastClaimEmpty && running.size === 0) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
      }
      if (claimed === 0 || running.size >= concurrency) {
        await wait(pollMs);
      }
    }
  })();

  const sweep = setInterval(() => {
    void sweepExpired({ db: options.db, storage: options.storage }).catch((error: unknown) => log.error("sweeper.failed", { error }));
  }, options.sweepEveryMs ?? SWEEP_INTERVAL_MS);

  return {
    async stop({ graceMs = 10_000 } = {}) {
      if (stopController.signal.aborted) return;
      clearInterval(sweep);
      unsubscribe();
      stopController.abort(new Error("worker stopping"));
      poke();
      await loop;
      const all = Promise.allSettled([...running]);
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
      log.info("worker.stopped", { worker: id });
    },
    idle() {
      if (lastClaimEmpty && running.size === 0) {
        // A signal may be on its way: look once more before declaring idle.
        return new Promise<void>((resolve) => {
          idleWaiters.push(resolve);
          poke();
        });
      }
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
