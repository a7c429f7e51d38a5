/**
 * Listing throughput benchmark: `npm run bench:listing-throughput`, i.e.
 *
 *   node --conditions=react-server --import tsx bench/listing-throughput.ts
 *
 * How long a 40-photo listing takes from Generate until every result is stored, against the ideal
 * ceil(photos / concurrency) × L. In one process, on PGlite in memory and local storage in a temporary directory:
 * generateListing for one style, then the generation worker (startWorker) with the fake engine at latency L and
 * concurrency C, until it is idle. The fake engine answers with the photo as it was given (output "input"): a
 * hosted engine's work costs this host nothing, so what is measured is the queue, the listing's references
 * and storing the results. Prints the time, the ideal, the overhead, and when the last job started.
 *
 * Options: --photos=N (default 40), --latency=MS (default 6000), --concurrency=N (default 8).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { option } from "./server";

const photos = Number(option("photos") ?? 40);
const latency = Number(option("latency") ?? 6000);
const concurrency = Number(option("concurrency") ?? 8);
const PHOTO = path.resolve(import.meta.dirname, "..", "tests/fixtures/kitchen-dining-cc0-1600x900.jpg");

const dir = mkdtempSync(path.join(os.tmpdir(), "aranzer-bench-throughput-"));
process.env.DATA_DIR = dir;

const { openDatabase } = await import("@/server/db/client");
const { user } = await import("@/server/db/schema");
const { createLocalStorage } = await import("@/server/storage/local-storage");
const { grantTokens } = await import("@/server/tokens/grant-tokens");
const { storeImage } = await import("@/server/images/store-image");
const { startWorker } = await import("@/server/generation/start-worker");
const { createFakeEngine } = await import("@/server/engines/fake-engine");
const { createListing } = await import("@/server/listings/create-listing");
const { addListingPhotos } = await import("@/server/listings/add-listing-photos");
const { generateListing } = await import("@/server/listings/generate-listing");
const { parseInput } = await import("@/server/parse-input");
const { generateListingSchema } = await import("@/schemas/listings");
const { getListing } = await import("@/server/listings/get-listing");

const handle = await openDatabase({ dataDir: "memory" });
const db = handle.db;
const storage = createLocalStorage(path.join(dir, "images"));
const engine = createFakeEngine({ latencyMs: latency, concurrency, output: "input" });
const userId = randomUUID();
await db.insert(user).values({ id: userId, name: "Bench", email: `${userId}@example.test`, emailVerified: true });
await grantTokens({ db, userId, amount: photos, kind: "grant", idempotencyKey: `g:${userId}` });
const listing = await createListing({ db, userId, name: "Bench listing" });
const data = readFileSync(PHOTO);
const { width = 0, height = 0 } = await sharp(data).metadata();
const sources = [];
for (let i = 0; i < photos; i++) sources.push({ type: "image" as const, imageId: (await storeImage({ db, storage, userId, kind: "upload", data, width, height, contentType: "image/jpeg" })).id });
await addListingPhotos({ db, storage, userId, listingId: listing.id, sources });

const starts: number[] = [];
const began = performance.now();
await generateListing({ db, userId, listingId: listing.id, engineId: engine.id, ...parseInput(generateListingSchema, { styles: ["scandinavian"], variations: 1, requestId: randomUUID() }) });
const worker = startWorker({
  db,
  storage,
  engine: { ...engine, generate: (input) => (starts.push(performance.now() - began), engine.generate(input)) },
  concurrency,
  pollMs: 100,
});
await new Promise((r) => setTimeout(r, 200));
await worker.idle();
const ms = performance.now() - began;
await worker.stop();

const results = (await getListing({ db, userId, listingId: listing.id })).photos.flatMap((p) => p.results);
const succeeded = results.filter((r) => r.status === "succeeded").length;
const ideal = Math.ceil(photos / concurrency) * latency;
console.log(
  `${photos} photos × 1 style, fake engine L = ${latency / 1000} s, concurrency ${concurrency}: all done in ${(ms / 1000).toFixed(1)} s ` +
    `(${succeeded}/${results.length} succeeded); ideal ${photos}/${concurrency} × L = ${(ideal / 1000).toFixed(1)} s; overhead ${((ms - ideal) / 1000).toFixed(1)} s (${((ms / ideal - 1) * 100).toFixed(0)} %); ` +
    `last engine call started at ${((starts.at(-1) ?? 0) / 1000).toFixed(1)} s; load average ${os.loadavg()[0]!.toFixed(2)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}`,
);
await handle.close();
rmSync(dir, { recursive: true, force: true });
