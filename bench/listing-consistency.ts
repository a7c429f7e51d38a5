/**
 * Listing consistency benchmark: `npm run bench:listing-consistency`, i.e.
 *
 *   node --conditions=react-server --import tsx bench/listing-consistency.ts
 *
 * How alike in colour the results of one listing are, against the same photos generated independently. In one
 * process, on PGlite in memory and local storage in a temporary directory, with the fake engine (latency 0,
 * answering with the local engine's restyle; a reference pulls its result halfway towards the reference's mean
 * colour, as an engine that follows a reference image keeps a look). The room photos of tests/fixtures and
 * scripts/assets, for each style:
 *   - as one listing: generateListing, its jobs run one at a time by the worker's own functions (claimJobs, runJob),
 *     so every photo after the first goes with the first finished result of its style as a reference;
 *   - independently: each photo alone in a listing of its own (the first of its style, so without a reference).
 * Reports per style paletteSpread (mean pairwise CIEDE2000 of the results' mean colours) of both sets.
 *
 * Options: --styles=scandinavian,modern,boho (default).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { option } from "./server";

const root = path.resolve(import.meta.dirname, "..");
const styles = (option("styles") ?? "scandinavian,modern,boho").split(",").filter(Boolean);
const PHOTOS = [
  "tests/fixtures/living-room-phone-4032x3024.jpg",
  "tests/fixtures/kitchen-dining-cc0-1600x900.jpg",
  "tests/fixtures/bedroom-cc0-1600x1067.jpg",
  "scripts/assets/living-room-cc0.jpg",
].map((file) => path.join(root, file));

const dir = mkdtempSync(path.join(os.tmpdir(), "aranzer-bench-consistency-"));
process.env.DATA_DIR = dir;

const { openDatabase } = await import("@/server/db/client");
const { image, user } = await import("@/server/db/schema");
const { eq } = await import("drizzle-orm");
const { createLocalStorage } = await import("@/server/storage/local-storage");
const { grantTokens } = await import("@/server/tokens/grant-tokens");
const { storeImage } = await import("@/server/images/store-image");
const { claimJobs } = await import("@/server/generation/claim-jobs");
const { runJob } = await import("@/server/generation/run-job");
const { createFakeEngine } = await import("@/server/engines/fake-engine");
const { createListing } = await import("@/server/listings/create-listing");
const { addListingPhotos } = await import("@/server/listings/add-listing-photos");
const { generateListing } = await import("@/server/listings/generate-listing");
const { parseInput } = await import("@/server/parse-input");
const { generateListingSchema } = await import("@/schemas/listings");
const { getListing } = await import("@/server/listings/get-listing");
const { paletteSpread } = await import("@/server/listings/palette-spread");

const handle = await openDatabase({ dataDir: "memory" });
const db = handle.db;
const storage = createLocalStorage(path.join(dir, "images"));
const engine = createFakeEngine({ latencyMs: 0, concurrency: 1 });
const userId = randomUUID();
await db.insert(user).values({ id: userId, name: "Bench", email: `${userId}@example.test`, emailVerified: true });
await grantTokens({ db, userId, amount: 1000, kind: "grant", idempotencyKey: `g:${userId}` });

async function storePhoto(file: string) {
  const data = readFileSync(file);
  const { width = 0, height = 0 } = await sharp(data).metadata();
  return { type: "image" as const, imageId: (await storeImage({ db, storage, userId, kind: "upload", data, width, height, contentType: "image/jpeg" })).id };
}

/** One listing of these photos in this style, generated and run to the end; its results' bytes in the photos' order. */
async function listingResults(files: string[], styleId: string): Promise<Buffer[]> {
  const listing = await createListing({ db, userId, name: `Bench ${styleId}` });
  const sources = [];
  for (const file of files) sources.push(await storePhoto(file));
  await addListingPhotos({ db, storage, userId, listingId: listing.id, sources });
  await generateListing({ db, userId, listingId: listing.id, engineId: engine.id, ...parseInput(generateListingSchema, { styles: [styleId], variations: 1, requestId: randomUUID() }) });
  for (;;) {
    const [job] = await claimJobs({ db, limit: 1, leaseMs: 120_000 });
    if (!job) break;
    await runJob({ db, storage, engine, job, stopSignal: new AbortController().signal });
  }
  const { photos } = await getListing({ db, userId, listingId: listing.id });
  const images: Buffer[] = [];
  for (const photo of photos) {
    const result = photo.results.find((r) => r.status === "succeeded" && r.result);
    if (!result?.result) throw new Error(`photo ${photo.id}: no result (${photo.results.map((r) => r.status).join(", ")})`);
    images.push(await readResult(result.result.id));
  }
  return images;
}

async function readResult(imageId: string): Promise<Buffer> {
  const [row] = await db.select({ key: image.storageKey }).from(image).where(eq(image.id, imageId));
  const bytes = row ? await storage.get(row.key) : null;
  if (!bytes) throw new Error(`result ${imageId} not stored`);
  return bytes;
}

const rows: { style: string; listing: number; independent: number }[] = [];
for (const style of styles) {
  const together = await listingResults(PHOTOS, style);
  const apart: Buffer[] = [];
  for (const file of PHOTOS) apart.push(...(await listingResults([file], style)));
  rows.push({ style, listing: await paletteSpread({ images: together }), independent: await paletteSpread({ images: apart }) });
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
console.log(`${PHOTOS.length} photos (${PHOTOS.map((p) => path.basename(p)).join(", ")}), fake engine; paletteSpread = mean pairwise CIEDE2000 of the results' mean colours`);
for (const row of rows) console.log(`  ${row.style.padEnd(14)} one listing ${row.listing.toFixed(2)}   independently ${row.independent.toFixed(2)}`);
console.log(`  ${"mean".padEnd(14)} one listing ${mean(rows.map((r) => r.listing)).toFixed(2)}   independently ${mean(rows.map((r) => r.independent)).toFixed(2)}`);
await handle.close();
rmSync(dir, { recursive: true, force: true });
