import "server-only";
import { FOLLOW_UP_EVERY_MS, JOB_LEASE_MS, STRUCTURE_CHECK_QUEUE, SWEEP_INTERVAL_MS } from "@/config/generation";
import type { Db } from "@/server/db/client";
import { log } from "@/server/log";
import type { Engine } from "@/server/engines/engine";
import { createLocalEngine } from "@/server/engines/local-engine";
import type { RetryPolicy } from "@/server/jobs/backoff-delay";
import { allWorkers, startJobRunner, type Worker } from "@/server/jobs/start-job-runner";
import type { ImageStorage } from "@/server/storage/storage";
import { claimJobs } from "./claim-jobs";
import { readSourceCached } from "@/server/images/read-source-cached";
import { createCheckQueue } from "./create-check-queue";
import { claimFollowUps, finishFollowUp } from "./finish-follow-ups";
import { runJob, type JobOutcome } from "./run-job";
import { sweepExpired } from "./sweep-expired";

export type { Worker } from "@/server/jobs/start-job-runner";

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
 * The generation worker, as two kinds of work on the job runner: the jobs themselves, and the follow-ups
 * (full-size JPEG, structure check) of results whose worker stopped before them, which run in the check
 * queue's turn. Also runs the sweeper.
 */
export function startWorker(options: WorkerOptions): Worker {
  const concurrency = options.concurrency ?? options.engine.concurrency;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const readSource = readSourceCached(options.storage);
  const checks = createCheckQueue(STRUCTURE_CHECK_QUEUE);
  log.info("worker.engine", { engine: options.engine.id, concurrency });
  // An API test key's batches are made for the local engine whatever this worker's engine is: they cost no one anything.
  let localEngine: Engine | undefined;
  const engineFor = (job: { engine: string }) => (job.engine === "local" && options.engine.id !== "local" ? (localEngine ??= createLocalEngine()) : options.engine);

  const jobs = startJobRunner({
    name: "generation",
    concurrency,
    pollMs: options.pollMs ?? 1000,
    claim: (limit) => claimJobs({ db: options.db, limit, leaseMs }),
    run: async (job, stopSignal) => {
      const outcome = await runJob({ ...options, engine: engineFor(job), job, readSource, checks, stopSignal, leaseMs, timeoutMs: options.timeoutMs, retry: options.retry });
      options.onOutcome?.(outcome, job.visualizationId);
    },
    describe: (job) => ({ visualizationId: job.visualizationId }),
  });
  const followUps = startJobRunner({
    name: "follow-up",
    concurrency,
    pollMs: FOLLOW_UP_EVERY_MS,
    claim: (limit) => claimFollowUps({ db: options.db, limit, leaseMs }),
    run: (followUp) => checks.check(() => finishFollowUp({ db: options.db, storage: options.storage, followUp })),
    describe: (followUp) => ({ visualizationId: followUp.visualizationId }),
  });

  const sweep = setInterval(() => {
    void sweepExpired({ db: options.db, storage: options.storage }).catch((error: unknown) => log.error("sweeper.failed", { error }));
  }, options.sweepEveryMs ?? SWEEP_INTERVAL_MS);
  const both = allWorkers([jobs, followUps]);
  return {
    async stop(stopOptions) {
      clearInterval(sweep);
      await both.stop(stopOptions);
    },
    idle: both.idle,
  };
}
