import "server-only";
import type { Db } from "@/server/db/client";
import type { Engine } from "@/server/engines/engine";
import { claimResultHdOrders, type ResultHdOrder } from "@/server/generation/claim-result-hd-orders";
import { makeResultHd } from "@/server/generation/make-result-hd";
import { startJobRunner, type Worker } from "@/server/jobs/start-job-runner";
import type { ImageStorage } from "@/server/storage/storage";
import { claimHdOrders, type HdOrder } from "./claim-hd-orders";
import { makeHdCopy, type HdOutcome } from "./make-hd-copy";

type AnyHdOrder = { kind: "listing"; order: HdOrder } | { kind: "result"; order: ResultHdOrder };

/**
 * Makes ordered HD copies one at a time (an upscale is the heaviest thing we ask of an engine): a listing
 * photo's and a single result's 4K copy alike, on the job runner: wakes on the "jobs" signal an order sends,
 * and looks every pollMs for orders whose worker died. Runs beside the generation worker, in the web process or
 * in `npm run worker`.
 */
export function startHdWorker(options: {
  db: Db;
  storage: ImageStorage;
  engine: Partial<Pick<Engine, "id" | "upscale">>;
  pollMs?: number;
  leaseMs?: number;
  onOutcome?: (outcome: HdOutcome, id: string) => void;
}): Worker {
  const { db, leaseMs } = options;
  return startJobRunner<AnyHdOrder>({
    name: "hd-copy",
    concurrency: 1,
    pollMs: options.pollMs ?? 2000,
    claim: async (limit) => {
      const listing = (await claimHdOrders({ db, limit, leaseMs })).map((order) => ({ kind: "listing" as const, order }));
      const results = listing.length < limit ? await claimResultHdOrders({ db, limit: limit - listing.length, leaseMs }) : [];
      return [...listing, ...results.map((order) => ({ kind: "result" as const, order }))];
    },
    run: async (claimed, signal) => {
      const made = { db, storage: options.storage, engine: options.engine, signal };
      if (claimed.kind === "listing") {
        const done = await makeHdCopy({ ...made, order: claimed.order });
        options.onOutcome?.(done.outcome, done.photoId);
      } else {
        const done = await makeResultHd({ ...made, order: claimed.order });
        options.onOutcome?.(done.outcome, done.visualizationId);
      }
    },
    describe: (claimed) => (claimed.kind === "listing" ? { photoId: claimed.order.id } : { visualizationId: claimed.order.id }),
  });
}
