import "server-only";
import { env } from "@/env";
import { getDb } from "@/server/db/client";
import { getEngine } from "@/server/engines/get-engine";
import { getStorage } from "@/server/storage/get-storage";
import { startWorker, type Worker } from "./start-worker";

const holder = globalThis as typeof globalThis & { __aranzerWorker?: Worker };

/** The process's worker on the configured database, storage and engine (once per process). server.ts and worker.ts stop it on shutdown. */
export async function startAppWorker(): Promise<Worker> {
  if (!holder.__aranzerWorker) {
    const db = await getDb();
    const engine = await getEngine();
    holder.__aranzerWorker ??= startWorker({ db, storage: getStorage(), engine, concurrency: env().GENERATION_CONCURRENCY });
  }
  return holder.__aranzerWorker;
}
