import "server-only";
import { env } from "@/env";
import { getDb } from "@/server/db/client";
import { getEngine } from "@/server/engines/get-engine";
import { releaseOrphans } from "@/server/jobs/release-orphans";
import { allWorkers, type Worker } from "@/server/jobs/start-job-runner";
import { startHdWorker } from "@/server/listings/start-hd-worker";
import { getStorage } from "@/server/storage/get-storage";
import { startWebhookWorker } from "@/server/webhooks/start-webhook-worker";
import { peek, remember } from "@/server/process-singletons";
import { log } from "@/server/log";
import { startWorker } from "@/server/generation/start-worker";

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
    const [jobs, hdOrders, resultHdOrders] = await Promise.all([
      releaseOrphans({ db, table: "generation_job", state: "state", lease: "lease_until" }),
      releaseOrphans({ db, table: "listing_photo", state: "hd_state", lease: "hd_lease_until" }),
      releaseOrphans({ db, table: "visualization", state: "hd_state", lease: "hd_lease_until" }),
    ]);
    if (jobs + hdOrders + resultHdOrders > 0) log.info("worker.orphans_released", { jobs, hdOrders, resultHdOrders });
  }
  return remember("worker", () => {
    const storage = getStorage();
    return allWorkers([startWorker({ db, storage, engine, concurrency: env().GENERATION_CONCURRENCY, leaseMs: env().JOB_LEASE_SECONDS * 1000 }), startHdWorker({ db, storage, engine }), startWebhookWorker({ db })]);
  });
}
