import "server-only";
import { env } from "@/env";
import { getDb } from "@/server/db/client";
import { getEngine } from "@/server/engines/get-engine";
import { getStorage } from "@/server/storage/get-storage";
import { peek, remember } from "@/server/process-singletons";
import { startWorker, type Worker } from "./start-worker";

/** The process's worker on the configured database, storage and engine (once per process). server.ts and worker.ts stop it on shutdown. */
export async function startAppWorker(): Promise<Worker> {
  const running = peek<Worker>("worker");
  if (running) return running;
  const db = await getDb();
  const engine = await getEngine();
  return remember("worker", () => startWorker({ db, storage: getStorage(), engine, concurrency: env().GENERATION_CONCURRENCY }));
}
