/**
 * Listing ZIP benchmark: `npm run bench:listing-zip`, i.e.
 *
 *   MALLOC_ARENA_MAX=2 node --conditions=react-server --expose-gc --import tsx bench/listing-zip.ts
 *
 * with the server's own settings: two malloc arenas (`npm run serve`) and libvips' cache off (instrumentation.ts).
 *
 * How much the process's memory grows while it streams the ZIP of a 40-photo listing's chosen results
 * (full-size JPEGs with the disclosure label burnt in). In one process, on PGlite in memory and local
 * storage in a temporary directory: a listing of N photos generated with an engine that returns a noisy
 * (hard to compress, so realistically large) result of the stored size, one result chosen per photo; then,
 * after a garbage collection, streamListingZip is read to its end by a slow consumer (a sink that waits
 * --sink-delay ms per chunk, like a download over a modest line), sampling the resident set every 20 ms.
 * Reports the ZIP's size, the time, and the peak growth of RSS and of the heap over the baseline.
 *
 * Options: --photos=N (default 40), --sink-delay=MS (default 2).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import sharp from "sharp";
import { option } from "./server";

const photos = Number(option("photos") ?? 40);
const sinkDelay = Number(option("sink-delay") ?? 2);
const W = 1536;
const H = 1152;

sharp.cache(false);
const dir = mkdtempSync(path.join(os.tmpdir(), "aranzer-bench-zip-"));
process.env.DATA_DIR = dir;

const { openDatabase } = await import("@/server/db/client");
const { user } = await import("@/server/db/schema");
const { createLocalStorage } = await import("@/server/storage/local-storage");
const { grantTokens } = await import("@/server/tokens/grant-tokens");
const { storeImage } = await import("@/server/images/store-image");
const { claimJobs } = await import("@/server/generation/claim-jobs");
const { runJob } = await import("@/server/generation/run-job");
const { createListing } = await import("@/server/listings/create-listing");
const { addListingPhotos } = await import("@/server/listings/add-listing-photos");
const { generateListing } = await import("@/server/listings/generate-listing");
const { parseInput } = await import("@/server/parse-input");
const { generateListingSchema } = await import("@/schemas/listings");
const { getListing } = await import("@/server/listings/get-listing");
const { chooseListingResult } = await import("@/server/listings/choose-listing-result");
const { streamListingZip } = await import("@/server/listings/stream-listing-zip");

const noisy = async (seed: number) => {
  const raw = Buffer.alloc(W * H * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = 120 + ((x >>> 16) & 63);
  }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } }).webp({ quality: 82 }).toBuffer();
};

const handle = await openDatabase({ dataDir: "memory" });
const db = handle.db;
const storage = createLocalStorage(path.join(dir, "images"));
const userId = randomUUID();
await db.insert(user).values({ id: userId, name: "Bench", email: `${userId}@example.test`, emailVerified: true });
await grantTokens({ db, userId, amount: photos, kind: "grant", idempotencyKey: `g:${userId}` });
const listing = await createListing({ db, userId, name: "Bench listing" });
const photo = await noisy(1);
const sources = [];
for (let i = 0; i < photos; i++) sources.push({ type: "image" as const, imageId: (await storeImage({ db, storage, userId, kind: "upload", data: photo, width: W, height: H, contentType: "image/webp" })).id });
await addListingPhotos({ db, storage, userId, listingId: listing.id, sources });
await generateListing({ db, userId, listingId: listing.id, engineId: "bench", ...parseInput(generateListingSchema, { styles: ["modern"], variations: 1, requestId: randomUUID() }) });
let n = 0;
const engine = { id: "bench", concurrency: 1, generate: async () => ({ image: await noisy(++n + 1) }) };
for (;;) {
  const [job] = await claimJobs({ db, limit: 1, leaseMs: 60_000 });
  if (!job) break;
  await runJob({ db, storage, engine, job, stopSignal: new AbortController().signal });
}
for (const p of (await getListing({ db, userId, listingId: listing.id })).photos) {
  await chooseListingResult({ db, userId, listingId: listing.id, photoId: p.id, visualizationId: p.results[0]!.visualizationId });
}

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
await new Promise((r) => setTimeout(r, 200));
gc?.();
const base = process.memoryUsage();
let peakRss = base.rss;
let peakHeap = base.heapUsed;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 20);
const started = Date.now();
const zip = await streamListingZip({ db, storage, userId, listingId: listing.id, labels: { virtuallyStaged: "Wirtualna aranżacja", renovationPreview: "Wizualizacja remontu", digitallyEnhanced: "Obróbka cyfrowa" } });
let bytes = 0;
await pipeline(
  zip.stream,
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      setTimeout(done, sinkDelay);
    },
  }),
);
const ms = Date.now() - started;
clearInterval(sampler);
const mb = (v: number) => `${(v / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `${photos} entries of ${W}×${H}, ZIP ${mb(bytes)} in ${(ms / 1000).toFixed(1)} s (sink delay ${sinkDelay} ms per chunk); ` +
    `RSS growth at peak ${mb(peakRss - base.rss)} (baseline ${mb(base.rss)}), heap growth at peak ${mb(peakHeap - base.heapUsed)}; ` +
    `load average ${os.loadavg()[0]!.toFixed(2)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}${gc ? "" : " (run with --expose-gc for a settled baseline)"}`,
);
await handle.close();
rmSync(dir, { recursive: true, force: true });
