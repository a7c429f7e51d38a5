import "server-only";
import { env } from "@/env";
import { getDb } from "@/server/db/client";
import { getEngine } from "@/server/engines/get-engine";
import { releaseOrphanedHdOrders } from "@/server/listings/release-orphaned-hd-orders";
import { startHdWorker } from "@/server/listings/start-hd-worker";
import { getStorage } from "@/server/storage/get-storage";
import { startWebhookWorker } from "@/server/webhooks/start-webhook-worker";
import { peek, remember } from "@/server/process-singletons";
import { log } from "@/server/log";
import { releaseOrphanedJobs } from "./release-orphaned-jobs";
import { startWorker, type Worker } from "./start-worker";

/**
 * The process's workers on the configured database, storage and engine (once per process): the generation
 * worker and the one that makes listings' HD copies. server.ts and worker.ts stop them on shutdown.
 */
export async function startAppWorker(): Promise<Worker> {
  const running = peek<Worker>("worker");
  if (running) return running;
  const db = await getDb();
  const engine = await getEngine();
  if (!env().DATABASE_URL) {
    const [jobs, hdOrders] = await Promise.all([releaseOrphanedJobs({ db }), releaseOrphanedHdOrders({ db })]);
    if (jobs + hdOrders > 0) log.info("worker.orphans_released", { jobs, hdOrders });
  }
  return remember("worker", () => {
    const storage = getStorage();
    const workers = [startWorker({ db, storage, engine, concurrency: env().GENERATION_CONCURRENCY }), startHdWorker({ db, storage, engine }), startWebhookWorker({ db })];
    return {
      async stop(options) {
        await Promise.all(workers.map((w) => w.stop(options)));
      },
      async idle() {
        await Promise.all(workers.map((w) => w.idle()));
      },
    };
  });
}
