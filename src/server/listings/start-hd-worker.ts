import "server-only";
import type { Db } from "@/server/db/client";
import type { Engine } from "@/server/engines/engine";
import { startJobRunner, type Worker } from "@/server/jobs/start-job-runner";
import type { ImageStorage } from "@/server/storage/storage";
import { claimHdOrders } from "./claim-hd-orders";
import { makeHdCopy, type HdOutcome } from "./make-hd-copy";

/**
 * Makes ordered HD copies one at a time (an upscale is the heaviest thing we ask of an engine), on the job
 * runner: wakes on the "jobs" signal an order sends, and looks every pollMs for orders whose worker died. Runs
 * beside the generation worker, in the web process or in `npm run worker`.
 */
export function startHdWorker(options: {
  db: Db;
  storage: ImageStorage;
  engine: Partial<Pick<Engine, "id" | "upscale">>;
  pollMs?: number;
  leaseMs?: number;
  onOutcome?: (outcome: HdOutcome, photoId: string) => void;
}): Worker {
  return startJobRunner({
    name: "hd-copy",
    concurrency: 1,
    pollMs: options.pollMs ?? 2000,
    claim: (limit) => claimHdOrders({ db: options.db, limit, leaseMs: options.leaseMs }),
    run: async (order, signal) => {
      const done = await makeHdCopy({ db: options.db, storage: options.storage, engine: options.engine, order, signal });
      options.onOutcome?.(done.outcome, done.photoId);
    },
    describe: (order) => ({ photoId: order.id }),
  });
}
