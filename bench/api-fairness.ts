/**
 * API fairness benchmark: `npm run bench:api-fairness`, i.e.
 *
 *   node --conditions=react-server --import tsx bench/api-fairness.ts
 *
 * A website Generate's time to result while one API key keeps 500 jobs queued, against the same Generate on a
 * quiet queue. In one process, on PGlite in memory and local storage in a temporary directory, with the
 * generation worker (startWorker) and the fake engine at latency L and concurrency C answering with the photo as
 * given (a hosted engine's work costs this host nothing: what is measured is the queue). The key's jobs are
 * ordered through the API's own path (startVisualization, one single-result visualization each), at the key's
 * concurrency (the plan's default unless --key-concurrency); the website's through createBatch, as POST
 * /api/batches does. Time to result: from createBatch's call until its visualization is "succeeded" (polled
 * every 10 ms). RUNS runs each, median. Target: loaded ≤ 1.5 × quiet.
 *
 * Options: --jobs=N (default 500), --latency=MS (default 1000), --concurrency=N (default 4), --runs=N (default 5),
 * --key-concurrency=N (default: the plan's, apiConcurrencyByPlan).
 */
import { createBatchSchema } from "@/schemas/generation";
import { createVisualizationSchema } from "@/schemas/public-api";
import { apiConcurrencyByPlan } from "@/config/api";
import { parseInput } from "@/server/parse-input";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { option } from "./server";

const jobs = Number(option("jobs") ?? 500);
const latency = Number(option("latency") ?? 1000);
const concurrency = Number(option("concurrency") ?? 4);
const runs = Number(option("runs") ?? 5);
const keyConcurrency = option("key-concurrency") === undefined ? null : Number(option("key-concurrency"));
const PHOTO = path.resolve(import.meta.dirname, "..", "tests/fixtures/kitchen-dining-cc0-1600x900.jpg");

const dir = mkdtempSync(path.join(os.tmpdir(), "aranzer-bench-fairness-"));
process.env.DATA_DIR = dir;

const { openDatabase } = await import("@/server/db/client");
const { install } = await import("@/server/process-singletons");
const { user, visualization, generationJob } = await import("@/server/db/schema");
const { createLocalStorage } = await import("@/server/storage/local-storage");
const { grantTokens } = await import("@/server/tokens/grant-tokens");
const { storeImage } = await import("@/server/images/store-image");
const { startWorker } = await import("@/server/generation/start-worker");
const { createBatch } = await import("@/server/generation/create-batch");
const { createFakeEngine } = await import("@/server/engines/fake-engine");
const { createApiKey } = await import("@/server/api-keys/create-api-key");
const { authenticateApiKey } = await import("@/server/api-keys/authenticate-api-key");
const { startVisualization } = await import("@/server/public-api/start-visualization");

const handle = await openDatabase({ dataDir: "memory" });
install("db", Promise.resolve(handle));
const db = handle.db;
const storage = createLocalStorage(path.join(dir, "images"));
install("storage", storage);
const engine = createFakeEngine({ latencyMs: latency, concurrency, output: "input" });
const data = readFileSync(PHOTO);
const { width = 0, height = 0 } = await sharp(data).metadata();

async function person(tokens: number) {
  const id = randomUUID();
  await db.insert(user).values({ id, name: "Bench", email: `${id}@example.test`, emailVerified: true });
  await grantTokens({ db, userId: id, amount: tokens, kind: "grant", idempotencyKey: `g:${id}` });
  const photo = await storeImage({ db, storage, userId: id, kind: "upload", data, width, height, contentType: "image/jpeg" });
  return { id, imageId: photo.id };
}

const website = await person(runs * 2);
// The key's owner has no plan: its concurrency is apiConcurrencyByPlan.none unless set.
const agency = await person(jobs);
const { secret } = await createApiKey({ db, ownerId: agency.id, input: { name: "bench", scopes: ["generate"], concurrency: keyConcurrency } });
const caller = await authenticateApiKey({ db, authorization: `Bearer ${secret}`, scope: "generate", clientAddress: "bench" });
const worker = startWorker({ db, storage, engine, concurrency, pollMs: 100 });

/** One website Generate, timed until its result is stored. */
async function websiteGenerate(): Promise<number> {
  const began = performance.now();
  const made = await createBatch({ db, storage, userId: website.id, engineId: engine.id, request: parseInput(createBatchSchema, { source: { type: "image", imageId: website.imageId }, roomType: "kitchen", styles: ["modern"], requestId: randomUUID() }) });
  const id = made.batch.visualizations[0]!.id;
  for (;;) {
    const [row] = await db.select({ status: visualization.status }).from(visualization).where(eq(visualization.id, id));
    if (row?.status === "succeeded" || row?.status === "failed") return performance.now() - began;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const queued = async () => (await db.select({ state: generationJob.state }).from(generationJob).where(eq(generationJob.state, "queued"))).length;

const quiet: number[] = [];
for (let i = 0; i < runs; i++) quiet.push(await websiteGenerate());

for (let i = 0; i < jobs; i++) {
  await startVisualization({ db, caller, requestId: randomUUID(), request: parseInput(createVisualizationSchema, { source: { type: "image", imageId: agency.imageId }, roomType: "kitchen", styles: ["modern"] }) });
}
const loaded: number[] = [];
const backlog: number[] = [];
for (let i = 0; i < runs; i++) {
  backlog.push(await queued());
  loaded.push(await websiteGenerate());
}
await worker.stop({ graceMs: 1000 });
await handle.close();
rmSync(dir, { recursive: true, force: true });

const q = median(quiet);
const l = median(loaded);
console.log(
  `fake engine L = ${latency} ms, concurrency ${concurrency}, key concurrency ${keyConcurrency ?? `${apiConcurrencyByPlan.none} (no plan's)`}: website Generate to result, median of ${runs}: quiet ${q.toFixed(0)} ms, ` +
    `with one key's ${jobs} jobs queued ${l.toFixed(0)} ms (${(l / q).toFixed(2)} × quiet; the key still had ${Math.min(...backlog)}–${Math.max(...backlog)} queued). ` +
    `loadavg ${os.loadavg()[0]!.toFixed(2)}`,
);
