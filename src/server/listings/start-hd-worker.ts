import "server-only";
import type { Db } from "@/server/db/client";
import type { Engine } from "@/server/engines/engine";
import type { Worker } from "@/server/generation/start-worker";
import { log } from "@/server/log";
import { subscribe } from "@/server/realtime/signals";
import { wakeUp } from "@/server/realtime/wake-up";
import type { ImageStorage } from "@/server/storage/storage";
import { makeNextHdCopy, type HdOutcome } from "./make-next-hd-copy";

/**
 * Makes ordered HD copies one at a time (an upscale is the heaviest thing we ask of an engine): wakes on the
 * "jobs" signal an order sends, and looks every pollMs for orders whose worker died. Runs beside the
 * generation worker, in the web process or in `npm run worker`.
 */
export function startHdWorker(options: {
  db: Db;
  storage: ImageStorage;
  engine: Partial<Pick<Engine, "id" | "upscale">>;
  pollMs?: number;
  leaseMs?: number;
  onOutcome?: (outcome: HdOutcome, photoId: string) => void;
}): Worker {
  const stopController = new AbortController();
  const { poke, wait } = wakeUp();
  const unsubscribe = subscribe("jobs", "*", poke);
  let idleWaiters: (() => void)[] = [];
  let idleNow = false;

  const loop = (async () => {
    while (!stopController.signal.aborted) {
      let done: Awaited<ReturnType<typeof makeNextHdCopy>> = null;
      try {
        done = await makeNextHdCopy({ db: options.db, storage: options.storage, engine: options.engine, leaseMs: options.leaseMs, signal: stopController.signal });
        if (done) options.onOutcome?.(done.outcome, done.photoId);
      } catch (error) {
        if (stopController.signal.aborted) break;
        log.error("listings.hd_worker_failed", { error });
      }
      idleNow = done === null;
      if (idleNow) {
        for (const resolve of idleWaiters) resolve();
        idleWaiters = [];
        await wait(options.pollMs ?? 2000);
      }
    }
  })();

  return {
    async stop() {
      if (stopController.signal.aborted) return;
      unsubscribe();
      stopController.abort(new Error("worker stopping"));
      poke();
      await loop;
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        if (idleNow) poke();
      });
    },
  };
}
