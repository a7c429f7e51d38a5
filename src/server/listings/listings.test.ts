import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Handle } from "@/server/db/client";
import { libraryPhotos } from "@/config/library";
import { portalProfiles, type DisclosureLabels } from "@/config/listing-portals";
import { catalogs } from "@/i18n/catalogs";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { batch, generationJob, image, jobOwnerTurn, listingPhoto, listingShare, proof, tokenLedger, visualization } from "@/server/db/schema";
import { LISTING_KEEP_DAYS } from "@/config/listings";
import type { ListingPhotoDto } from "@/schemas/listings";
import { getProof } from "@/server/provenance/get-proof";
import { sweepExpired } from "@/server/generation/sweep-expired";
import { forgetOldTurns } from "@/server/jobs/forget-old-turns";
import { STRUCTURE_CHECK_WAIT_SECONDS } from "@/config/generation";
import { EngineError, type Engine } from "@/server/engines/engine";
import { createFakeEngine, type FakeEngineCall } from "@/server/engines/fake-engine";
import { isAppError } from "@/server/errors";
import { claimJobs } from "@/server/generation/claim-jobs";
import { createBatch } from "@/server/generation/create-batch";
import { remakeVisualization } from "@/server/generation/remake-visualization";
import { DIGITAL_SOURCE_TYPE } from "@/server/images/mark-digital-source";
import { labelledHdKey, labelledHdKeys } from "@/server/images/result-keys";
import { runJob } from "@/server/generation/run-job";
import { storeImage } from "@/server/images/store-image";
import { createLocalStorage } from "@/server/storage/local-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { getBalance } from "@/server/tokens/get-balance";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { followBatch } from "~/tests/support/follow-batch";
import { exteriorScenes, renderExterior } from "~/tests/support/exterior-scene";
import { readZip } from "~/tests/support/read-zip";
import { addListingPhotos } from "./add-listing-photos";
import { chooseListingResult } from "./choose-listing-result";
import { createListing } from "./create-listing";
import { createShareLink } from "./create-share-link";
import { deleteListing } from "./delete-listing";
import { keepListingImages } from "./keep-listing-images";
import { referenceFor } from "@/server/generation/reference-for";
import { generateListing as generateChecked } from "./generate-listing";
import { parseInput } from "@/server/parse-input";
import { generateListingSchema, type GenerateListingInput } from "@/schemas/listings";
import { createBatchSchema, type CreateBatchInput } from "@/schemas/generation";
import { getHdDownload } from "./get-hd-download";
import { getListing } from "./get-listing";
import { getSharedImage } from "./get-shared-image";
import { resolveShareLink } from "./resolve-share-link";
import { revokeShareLink } from "./revoke-share-link";
import { planListingZip, streamListingZip } from "./stream-listing-zip";
import { updateListing } from "./update-listing";
import { updateListingPhoto } from "./update-listing-photo";
import { claimHdOrders } from "./claim-hd-orders";
import { makeHdCopy } from "./make-hd-copy";
import { releaseOrphans } from "@/server/jobs/release-orphans";
import { orderHdCopy } from "./order-hd-copy";

/** Generate for a listing as its route calls it: the request checked by its schema first. */
async function generateListing(options: Omit<Parameters<typeof generateChecked>[0], keyof GenerateListingInput> & GenerateListingInput) {
  return generateChecked({ ...options, ...parseInput(generateListingSchema, options) });
}

/** A single Generate as its route calls it: the request checked by its schema first. */
function checkedBatch(request: CreateBatchInput) {
  return parseInput(createBatchSchema, request);
}

/** The HD worker's one step: claims the next order and makes its copy; null when nothing waits. */
async function makeNextHdCopy(options: Omit<Parameters<typeof makeHdCopy>[0], "order">) {
  const [order] = await claimHdOrders({ db: options.db, limit: 1 });
  return order ? makeHdCopy({ ...options, order }) : null;
}

/** What a listing's jobs share per style: seed and brief. */
const pick = (v: { seed: number; brief: string | null }) => ({ seed: v.seed, brief: v.brief });

const W = 400;
const H = 300;
const LABELS = catalogs.pl.listings.labels;

/** An engine that returns a light, flat image, or fails for the styles named. */
/** What each call was given as references, by visualization seed order of arrival. */
const referencesSeen: number[] = [];

function flatEngine(failing: string[] = []): Engine {
  return {
    id: "test",
    concurrency: 8,
    async generate(input) {
      referencesSeen.push(input.references?.length ?? 0);
      if (input.styleId && failing.includes(input.styleId)) throw new EngineError("refused", "no");
      return { image: await sharp({ create: { width: W, height: H, channels: 3, background: "#e8e4dc" } }).webp().toBuffer() };
    },
  };
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The IPTC digital source type a file's XMP names, as a reader of its metadata finds it; null without one. */
async function digitalSourceType(file: Buffer): Promise<string | null> {
  const { xmp } = await sharp(file).metadata();
  return /<Iptc4xmpExt:DigitalSourceType>([^<]*)</.exec(xmp?.toString("utf8") ?? "")?.[1] ?? null;
}

/**
 * That a restyle's file (walls and floors changed) is labelled "renovation preview": the same pixels whatever
 * the staging label's words are, and other pixels when the two labels' words are swapped.
 */
async function expectRenovationPreview(read: (labels: DisclosureLabels) => Promise<Buffer>) {
  const pixels = async (labels: DisclosureLabels) => sharp(await read(labels)).raw().toBuffer();
  const right = await pixels(LABELS);
  expect((await pixels({ ...LABELS, virtuallyStaged: "Something else" })).equals(right)).toBe(true);
  expect((await pixels({ ...LABELS, virtuallyStaged: LABELS.renovationPreview, renovationPreview: LABELS.virtuallyStaged })).equals(right)).toBe(false);
}

/** Mean brightness and the brightest channel value of a region of a JPEG. */
async function region(jpeg: Buffer, box: { left: number; top: number; width: number; height: number }) {
  const { data } = await sharp(jpeg).extract(box).greyscale().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  let max = 0;
  for (const v of data) {
    sum += v;
    max = Math.max(max, v);
  }
  return { mean: sum / data.length, max };
}

describe.each(testDatabases())("listings on $name", ({ open }) => {
  let handle: Handle;
  let storage: ImageStorage;
  let dir: string;
  let photo: Buffer;
  /** A room-like photo: a wall, a floor line, a window frame; lines the structure check can follow. */
  let room: Buffer;

  beforeAll(async () => {
    handle = await open();
    dir = mkdtempSync(path.join(tmpdir(), "aranzer-listings-"));
    storage = createLocalStorage(dir);
    photo = await sharp({ create: { width: W, height: H, channels: 3, background: "#8090a0" } }).webp().toBuffer();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#d8d0c0"/><rect y="190" width="${W}" height="90" fill="#8a6a4a"/><rect x="80" y="40" width="96" height="112" fill="#405060" stroke="#202020" stroke-width="8"/><rect x="240" y="56" width="16" height="136" fill="#303030"/></svg>`;
    room = await sharp(Buffer.from(svg)).webp({ lossless: true }).toBuffer();
  });
  beforeEach(async () => {
    await handle.db.delete(generationJob);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function agent(tokens: number, photos: number, name = "Złota 44/12, Warszawa", data = photo) {
    const userId = await insertUser(handle);
    if (tokens > 0) await grantTokens({ db: handle.db, userId, amount: tokens, kind: "grant", idempotencyKey: `g:${userId}` });
    const created = await createListing({ db: handle.db, userId, name });
    const sources = [];
    for (let i = 0; i < photos; i++) {
      const row = await storeImage({ db: handle.db, storage, userId, kind: "upload", data, width: W, height: H, contentType: "image/webp" });
      sources.push({ type: "image" as const, imageId: row.id });
    }
    const { photoIds } = await addListingPhotos({ db: handle.db, storage, userId, listingId: created.id, sources });
    return { userId, listingId: created.id, photoIds };
  }

  /** Runs every due job to its end with the engine, one claim at a time. */
  async function drain(engine: Engine) {
    for (;;) {
      const [job] = await claimJobs({ db: handle.db, limit: 1, leaseMs: 30_000 });
      if (!job) {
        // A listing's later photos wait a moment for the first result of their style.
        const [waiting] = await handle.db.select({ id: generationJob.visualizationId }).from(generationJob).where(eq(generationJob.state, "queued")).limit(1);
        if (!waiting) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      expect(job.referenceGroup).toMatch(/^listing:/);
      await runJob({ db: handle.db, storage, engine, job, stopSignal: new AbortController().signal, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    }
  }

  it("spends photos × styles × variations once, in one ledger entry, and queues one batch per photo", async () => {
    const { userId, listingId } = await agent(12, 3);
    const requestId = randomUUID();
    const first = await generateListing({ db: handle.db, userId, listingId, styles: ["modern", "scandinavian"], variations: 2, requestId, engineId: "fake" });
    expect(first).toMatchObject({ cost: 12, balance: 0 });
    expect(first.batchIds).toHaveLength(3);
    const spends = await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(spends.filter((e) => e.kind === "spend").map((e) => e.amount)).toEqual([-12]);
    expect(await handle.db.select().from(generationJob)).toHaveLength(12);
    // The same click again: nothing spent, nothing queued twice.
    const again = await generateListing({ db: handle.db, userId, listingId, styles: ["modern", "scandinavian"], variations: 2, requestId, engineId: "fake" });
    expect(new Set(again.batchIds)).toEqual(new Set(first.batchIds));
    expect(await handle.db.select().from(generationJob)).toHaveLength(12);
    // The same request id with other settings, or on another listing, is not that click: refused (as an
    // idempotency key reused with another body), nothing spent or queued, not the first listing's answer.
    await grantTokens({ db: handle.db, userId, amount: 5, kind: "grant", idempotencyKey: `g2:${userId}` });
    const reused = { code: "IDEMPOTENCY_KEY_REUSED", details: { reason: "requestReused" } };
    await expect(generateListing({ db: handle.db, userId, listingId, styles: ["boho"], variations: 1, requestId, engineId: "fake" })).rejects.toMatchObject(reused);
    const other = await createListing({ db: handle.db, userId, name: "Inna 2" });
    const upload = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: photo, width: W, height: H, contentType: "image/webp" });
    await addListingPhotos({ db: handle.db, storage, userId, listingId: other.id, sources: [{ type: "image", imageId: upload.id }] });
    const elsewhere = { db: handle.db, userId, listingId: other.id, styles: ["modern", "scandinavian"], variations: 2, engineId: "fake" };
    await expect(generateListing({ ...elsewhere, requestId })).rejects.toMatchObject(reused);
    expect(await getBalance({ db: handle.db, userId })).toBe(5);
    expect(await handle.db.select().from(generationJob)).toHaveLength(12);
    // A new click there is a request of its own.
    await expect(generateListing({ ...elsewhere, requestId: randomUUID() })).resolves.toMatchObject({ cost: 4, balance: 1 });
  });

  it("leaves out, and does not charge for, photos past their hour or about to be; with none left it is GONE", async () => {
    const { userId, listingId } = await agent(10, 3);
    const photos = (await getListing({ db: handle.db, userId, listingId })).photos;
    const expire = (index: number, at: Date) => handle.db.update(image).set({ expiresAt: at }).where(eq(image.id, photos[index]!.image!.id));
    await expire(1, new Date(Date.now() + 2 * 60_000));
    await expire(2, new Date(Date.now() - 1000));
    expect((await getListing({ db: handle.db, userId, listingId })).photos.map((p) => p.generatable)).toEqual([true, false, false]);
    const generated = await generateListing({ db: handle.db, userId, listingId, styles: ["modern", "scandinavian"], variations: 1, requestId: randomUUID(), engineId: "fake" });
    expect(generated).toMatchObject({ cost: 2, balance: 8 });
    expect(generated.batchIds).toHaveLength(1);
    await expire(0, new Date(Date.now() - 1000));
    await expect(generateListing({ db: handle.db, userId, listingId, styles: ["modern"], variations: 1, requestId: randomUUID(), engineId: "fake" })).rejects.toMatchObject({ code: "GONE" });
    expect(await getBalance({ db: handle.db, userId })).toBe(8);
  });

  it("refuses a short balance with the whole cost and changes nothing", async () => {
    const { userId, listingId } = await agent(5, 3);
    const error = await generateListing({ db: handle.db, userId, listingId, styles: ["modern", "scandinavian"], variations: 1, requestId: randomUUID(), engineId: "fake" }).catch((e: unknown) => e);
    expect(isAppError(error, "INSUFFICIENT_TOKENS")).toBe(true);
    expect((error as { details: unknown }).details).toEqual({ balance: 5, attempted: 6 });
    expect(await getBalance({ db: handle.db, userId })).toBe(5);
    expect(await handle.db.select().from(generationJob)).toHaveLength(0);
    expect((await getListing({ db: handle.db, userId, listingId })).photos.every((p) => p.results.length === 0)).toBe(true);
  });

  it("refunds each failed job, shares a seed and brief per style, and points later photos at the first result of their style", async () => {
    const { userId, listingId } = await agent(10, 2);
    await generateListing({ db: handle.db, userId, listingId, styles: ["modern", "glamour"], variations: 2, requestId: randomUUID(), engineId: "fake" });
    const before = await getListing({ db: handle.db, userId, listingId });
    const [a, b] = before.photos.map((p) => p.results);
    // Each job is written with its seed, brief and reference group: the same style's first variation agrees across photos.
    const written = async (id: string) => (await handle.db.select().from(visualization).where(eq(visualization.id, id)))[0]!;
    const briefs = await Promise.all([a![0]!, b![0]!, a![1]!].map((r) => written(r.visualizationId)));
    expect(pick(briefs[0]!)).toEqual(pick(briefs[1]!));
    expect(briefs[0]!.brief).toContain("One flat, one design");
    expect(briefs[2]!.seed).not.toBe(briefs[0]!.seed);
    const reference = (v: { id: string; referenceGroup: string | null }) => referenceFor({ db: handle.db, visualizationId: v.id, group: v.referenceGroup! });
    // The first photo leads its style; the second waits for its result.
    expect(await reference(briefs[0]!)).toBe("lead");
    expect(await reference(briefs[1]!)).toBe("wait");

    referencesSeen.length = 0;
    await drain(flatEngine(["glamour"]));
    expect(await getBalance({ db: handle.db, userId })).toBe(10 - 8 + 4);
    // Each style's first result is made without a reference; every later modern one follows it (glamour never finishes).
    expect(referencesSeen.filter((n) => n === 1)).toHaveLength(3);
    const refunds = await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(refunds.filter((e) => e.kind === "refund")).toHaveLength(4);
    const after = await getListing({ db: handle.db, userId, listingId });
    const modern = after.photos.flatMap((p) => p.results.filter((r) => r.styleId === "modern"));
    expect(await reference(await written(modern[modern.length - 1]!.visualizationId))).toMatchObject({ storageKey: expect.stringMatching(/^results\//) });
    const glamour = after.photos[1]!.results.find((r) => r.styleId === "glamour")!;
    expect(glamour.status).toBe("failed");
    // Nothing of its style finished: the failed one has no reference to follow (and leads nothing any more).
    expect(await reference(await written(glamour.visualizationId))).toBe("lead");
  });

  it("stages and declutters a whole listing: one spend, the mode and its scope and keep list reach the engine, one look per kind", async () => {
    const { userId, listingId } = await agent(20, 3);
    const recordDir = mkdtempSync(path.join(tmpdir(), "aranzer-listing-calls-"));
    const engine = createFakeEngine({ latencyMs: 0 }, { recordDir });
    const calls = () => readFileSync(path.join(recordDir, "calls.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as FakeEngineCall);
    try {
      // An engine without the mode is refused before anything is spent.
      await expect(generateListing({ db: handle.db, userId, listingId, mode: "declutter", params: { scope: "everything" }, variations: 1, requestId: randomUUID(), engineId: "local" })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "mode" } });
      // Declutter needs its scope, and takes no style.
      await expect(generateListing({ db: handle.db, userId, listingId, mode: "declutter", variations: 1, requestId: randomUUID(), engineId: "fake" })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "params" } });
      await expect(generateListing({ db: handle.db, userId, listingId, mode: "declutter", styles: ["modern"], params: { scope: "furniture" }, variations: 1, requestId: randomUUID(), engineId: "fake" })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "styles", reason: "stylesNotInMode" } });

      const staged = await generateListing({ db: handle.db, userId, listingId, mode: "stage", styles: ["modern", "boho"], variations: 1, requestId: randomUUID(), engineId: "fake" });
      const decluttered = await generateListing({ db: handle.db, userId, listingId, mode: "declutter", params: { scope: "furniture-and-decor", keep: "  the piano " }, variations: 2, requestId: randomUUID(), engineId: "fake" });
      expect([staged.cost, decluttered.cost]).toEqual([6, 6]);
      const spends = (await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId))).filter((e) => e.kind === "spend");
      expect(spends.map((e) => e.amount)).toEqual([-6, -6]);
      await drain(engine);

      const made = calls();
      const stage = made.filter((c) => c.mode === "stage");
      const declutter = made.filter((c) => c.mode === "declutter");
      expect([stage.length, declutter.length]).toEqual([6, 6]);
      expect(new Set(stage.map((c) => c.styleId))).toEqual(new Set(["modern", "boho"]));
      for (const c of declutter) expect([c.styleId, c.edit]).toEqual([null, { scope: "furniture-and-decor", keep: "the piano" }]);
      // Each kind's first result is made alone, every later one follows it: the two stage styles and the declutter.
      expect([...stage, ...declutter].filter((c) => c.references === 0)).toHaveLength(3);
      // A style's seed and brief hold across photos; declutter's variations differ, the same variation agrees.
      const modern = stage.filter((c) => c.styleId === "modern");
      expect(new Set(modern.map((c) => c.seed)).size).toBe(1);
      expect(modern[0]!.prompt).toContain("One flat, one design");
      expect(new Set(declutter.map((c) => c.seed)).size).toBe(2);
      expect(declutter.every((c) => !c.prompt.includes("One flat, one design"))).toBe(true);
      expect(await getBalance({ db: handle.db, userId })).toBe(8);
    } finally {
      rmSync(recordDir, { recursive: true, force: true });
    }
  });

  it("gives a three-photo listing the look of a reference photo: its palette in the brief and in the pixels, the photo sent to the engine, nobody else's photo taken", async () => {
    const { userId, listingId, photoIds } = await agent(10, 3, "Mokotowska 8", room);
    const recordDir = mkdtempSync(path.join(tmpdir(), "aranzer-listing-reference-"));
    const engine = createFakeEngine({ latencyMs: 0 }, { recordDir });
    const calls = () => readFileSync(path.join(recordDir, "calls.jsonl"), "utf8").trim().split("\n").map((line) => JSON.parse(line) as FakeEngineCall);
    // A terracotta-and-cream room: two colours the brief must name.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#b4462d"/><rect y="120" width="300" height="80" fill="#f0e6d2"/></svg>`;
    const referenceBytes = await sharp(Buffer.from(svg)).png().toBuffer();
    const referenceRow = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: referenceBytes, width: 300, height: 200, contentType: "image/png" });
    const strangerId = await insertUser(handle);
    const strangers = await storeImage({ db: handle.db, storage, userId: strangerId, kind: "upload", data: referenceBytes, width: 300, height: 200, contentType: "image/png" });
    const generate = (reference: string | undefined, mode: "reference" | "restyle" = "reference") =>
      generateListing({ db: handle.db, storage, userId, listingId, mode, styles: mode === "restyle" ? ["modern"] : [], params: reference ? { reference } : {}, variations: 1, requestId: randomUUID(), engineId: "fake" });
    try {
      await expect(generate(undefined)).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "params" } });
      await expect(generate(strangers.id)).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "noReferencePhoto" } });
      // Not on the local engine (it needs AI), and only for rooms: a listing of exteriors alone is refused, nothing spent.
      await expect(generateListing({ db: handle.db, storage, userId, listingId, mode: "reference", params: { reference: referenceRow.id }, variations: 1, requestId: randomUUID(), engineId: "local" })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "mode" } });
      for (const photoId of photoIds) await updateListingPhoto({ db: handle.db, userId, listingId, photoId, roomType: "exterior" });
      await expect(generate(referenceRow.id)).rejects.toMatchObject({ code: "INVALID_INPUT", details: { reason: "noPhotosInMode" } });
      expect(await getBalance({ db: handle.db, userId })).toBe(10);
      for (const photoId of photoIds) await updateListingPhoto({ db: handle.db, userId, listingId, photoId, roomType: "bedroom" });

      expect(await generate(referenceRow.id)).toMatchObject({ cost: 3, balance: 7 });
      await drain(engine);
      const made = calls();
      expect(made.map((c) => c.mode)).toEqual(["reference", "reference", "reference"]);
      // The reference photo goes with every request; the later photos also follow the first result.
      expect(made.map((c) => c.references)).toEqual([1, 2, 2]);
      // Measured from its pixels (to the median cut's 5 bits a channel): the terracotta over 3/5 of it, mid; the cream, light.
      const near = (hex: string, expected: string) => [1, 3, 5].every((i) => Math.abs(parseInt(hex.slice(i, i + 2), 16) - parseInt(expected.slice(i, i + 2), 16)) <= 8);
      for (const c of made) {
        const [, red, redShare, cream, creamShare] = /palette (#[0-9a-f]{6}) \((\d+) %, mid\), (#[0-9a-f]{6}) \((\d+) %, light\)/.exec(c.prompt) ?? [];
        expect([near(red!, "#b4462d"), near(cream!, "#f0e6d2")]).toEqual([true, true]);
        expect(Number(redShare)).toBeGreaterThan(Number(creamShare));
      }
      const results = await handle.db
        .select({ key: image.storageKey })
        .from(visualization)
        .innerJoin(image, eq(image.id, visualization.resultImageId))
        .innerJoin(batch, eq(batch.id, visualization.batchId))
        .where(and(eq(batch.userId, userId), eq(batch.mode, "reference")));
      expect(results).toHaveLength(3);
      const redness = async (bytes: Buffer) => {
        const { channels } = await sharp(bytes).removeAlpha().stats();
        return channels[0]!.mean - channels[2]!.mean;
      };
      // Its palette is in the pixels: every result is redder than the photo (the reference's red minus blue is 50).
      const before = await redness(room);
      for (const { key } of results) expect(await redness((await storage.get(key))!)).toBeGreaterThan(before + 15);
    } finally {
      rmSync(recordDir, { recursive: true, force: true });
    }
  });

  it("makes a twilight and a sky of a listing's outdoor photos alone, paid for them alone; names an outdoor photo without a sky", async () => {
    const { userId, listingId } = await agent(10, 2, "Dom pod Lasem");
    const house = await renderExterior({ ...exteriorScenes[0]!, width: 384, height: 256 });
    const facade = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: await sharp(house.photo).webp().toBuffer(), width: 384, height: 256, contentType: "image/webp" });
    await addListingPhotos({ db: handle.db, storage, userId, listingId, sources: [{ type: "image", imageId: facade.id }], roomType: "exterior" });
    const sourcesOf = async (batchIds: string[]) => (await handle.db.select({ source: batch.sourceImageId }).from(batch).where(inArray(batch.id, batchIds))).map((b) => b.source);

    const twilight = await generateListing({ db: handle.db, storage, userId, listingId, mode: "twilight", variations: 1, requestId: randomUUID(), engineId: "fake" });
    expect(twilight).toMatchObject({ cost: 1, balance: 9 });
    expect(await sourcesOf(twilight.batchIds)).toEqual([facade.id]);
    const sky = await generateListing({ db: handle.db, storage, userId, listingId, mode: "sky", params: { sky: "sunset" }, variations: 1, requestId: randomUUID(), engineId: "local" });
    expect(sky).toMatchObject({ cost: 1, balance: 8 });
    expect(await sourcesOf(sky.batchIds)).toEqual([facade.id]);
    await drain(createFakeEngine({ latencyMs: 0 }));
    const made = (await getListing({ db: handle.db, userId, listingId })).photos;
    expect(made.map((p) => p.results.map((r) => [r.mode, r.status]))).toEqual([[], [], [["sky", "succeeded"], ["twilight", "succeeded"]]]);
    // The rooms restyled in the same listing: two photos, the facade left as it is.
    expect(await generateListing({ db: handle.db, storage, userId, listingId, styles: ["modern"], variations: 1, requestId: randomUUID(), engineId: "fake" })).toMatchObject({ cost: 2, balance: 6 });

    // A garden photographed from above has no sky to replace: named, nothing spent.
    const lawn = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: await sharp({ create: { width: W, height: H, channels: 3, background: "#3a6b2a" } }).webp().toBuffer(), width: W, height: H, contentType: "image/webp" });
    await addListingPhotos({ db: handle.db, storage, userId, listingId, sources: [{ type: "image", imageId: lawn.id }], roomType: "garden" });
    await expect(generateListing({ db: handle.db, storage, userId, listingId, mode: "sky", params: { sky: "clear" }, variations: 1, requestId: randomUUID(), engineId: "local" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      details: { reason: "photosWithoutSky", photos: "4", count: 1 },
    });
    // A listing of rooms alone has nothing for a twilight.
    const rooms = await agent(0, 1, "Kawalerka");
    await expect(generateListing({ db: handle.db, storage, userId: rooms.userId, listingId: rooms.listingId, mode: "twilight", variations: 1, requestId: randomUUID(), engineId: "fake" })).rejects.toMatchObject({ details: { reason: "noPhotosInMode" } });
    expect(await getBalance({ db: handle.db, userId })).toBe(6);
  });

  it("shows each result's structure check, flags a warped one and lists its free remake next to it", async () => {
    const { userId, listingId } = await agent(2, 2, "Structure", room);
    await generateListing({ db: handle.db, userId, listingId, styles: ["modern"], variations: 1, requestId: randomUUID(), engineId: "fake" });
    // The first modern result comes back warped; the rest (and the remake) keep the walls.
    await drain(createFakeEngine({ latencyMs: 0, warp: ["modern"], warpOnce: true }));
    const [first, second] = (await getListing({ db: handle.db, userId, listingId })).photos.map((p) => p.results[0]!);
    expect(first).toMatchObject({ mode: "restyle", flagged: true, scoring: false, remadeAs: null, remakeOf: null });
    expect(first!.structureScore).toBeLessThan(0.9);
    expect(second).toMatchObject({ flagged: false, scoring: false });
    expect(second!.structureScore).toBeGreaterThanOrEqual(0.9);
    // A result whose check has not come yet keeps the page asking, but not for ever.
    const finishedAt = new Date();
    await handle.db.update(visualization).set({ structureScore: null }).where(eq(visualization.id, second!.visualizationId));
    const waiting = (await getListing({ db: handle.db, userId, listingId, now: finishedAt })).photos[1]!.results[0]!;
    expect(waiting).toMatchObject({ structureScore: null, scoring: true });
    const later = new Date(Date.now() + (STRUCTURE_CHECK_WAIT_SECONDS + 1) * 1000);
    expect((await getListing({ db: handle.db, userId, listingId, now: later })).photos[1]!.results[0]).toMatchObject({ scoring: false });
    await handle.db.update(visualization).set({ structureScore: second!.structureScore }).where(eq(visualization.id, second!.visualizationId));

    const remake = await remakeVisualization({ db: handle.db, userId, visualizationId: first!.visualizationId });
    const photo = (await getListing({ db: handle.db, userId, listingId })).photos[0]!;
    expect(photo.results.find((r) => r.visualizationId === first!.visualizationId)).toMatchObject({ remadeAs: remake.id });
    expect(photo.results.find((r) => r.visualizationId === remake.id)).toMatchObject({ remakeOf: first!.visualizationId, status: "queued", styleId: "modern" });
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
  });

  it("adds an example photo from the library as the agent's own upload, and nobody else's image", async () => {
    const { userId, listingId } = await agent(0, 1);
    const stranger = await insertUser(handle);
    const theirs = await storeImage({ db: handle.db, storage, userId: stranger, kind: "upload", data: photo, width: W, height: H, contentType: "image/webp" });
    const example = libraryPhotos.find((p) => p.roomType === "kitchen")!;
    await expect(
      addListingPhotos({ db: handle.db, storage, userId, listingId, sources: [{ type: "library", libraryId: example.id }, { type: "image", imageId: theirs.id }] }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(addListingPhotos({ db: handle.db, storage, userId, listingId, sources: [{ type: "library", libraryId: "no-such-photo" }] })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getListing({ db: handle.db, userId, listingId })).photos).toHaveLength(1);

    // Named without a room type, it keeps its own (the listing has no choice of its own yet).
    await addListingPhotos({ db: handle.db, storage, userId, listingId, sources: [{ type: "library", libraryId: example.id }] });
    const added = (await getListing({ db: handle.db, userId, listingId })).photos[1]!;
    expect(added.roomType).toBe("kitchen");
    const [row] = await handle.db.select().from(image).where(eq(image.id, added.image!.id));
    expect([row!.userId, row!.kind]).toEqual([userId, "upload"]);

    // Each library photo is an upload against the upload limit (30 a minute): two more would be 31.
    await hitRateLimit({ db: handle.db, rule: "upload", subject: userId, count: 27 });
    const twoMore = [{ type: "library" as const, libraryId: example.id }, { type: "library" as const, libraryId: libraryPhotos[0]!.id }];
    await expect(addListingPhotos({ db: handle.db, storage, userId, listingId, sources: twoMore })).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect((await getListing({ db: handle.db, userId, listingId })).photos).toHaveLength(2);
  });

  it("keeps a gallery result's own room type when it joins another listing; an upload takes the room chosen", async () => {
    const { userId, listingId } = await agent(1, 1);
    await updateListingPhoto({ db: handle.db, userId, listingId, photoId: (await getListing({ db: handle.db, userId, listingId })).photos[0]!.id, roomType: "bedroom" });
    await generateListing({ db: handle.db, userId, listingId, styles: ["japandi"], variations: 1, requestId: randomUUID(), engineId: "fake" });
    await drain(createFakeEngine({ latencyMs: 0 }));
    const result = (await getListing({ db: handle.db, userId, listingId })).photos[0]!.results[0]!.result!;
    const upload = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: photo, width: W, height: H, contentType: "image/webp" });
    const other = await createListing({ db: handle.db, userId, name: "Inna 1" });
    await addListingPhotos({ db: handle.db, storage, userId, listingId: other.id, roomType: "bathroom", sources: [{ type: "image", imageId: result.id }, { type: "image", imageId: upload.id }] });
    expect((await getListing({ db: handle.db, userId, listingId: other.id })).photos.map((p) => p.roomType)).toEqual(["bedroom", "bathroom"]);
  });

  it("adds no mask, no image twice, none already in the listing and no more than the limit, and spends nothing on a refused Generate", async () => {
    const { userId, listingId } = await agent(3, 1);
    const upload = () => storeImage({ db: handle.db, storage, userId, kind: "upload", data: photo, width: W, height: H, contentType: "image/webp" });
    const add = (imageIds: string[]) => addListingPhotos({ db: handle.db, storage, userId, listingId, sources: imageIds.map((imageId) => ({ type: "image" as const, imageId })) });
    const mask = await storeImage({ db: handle.db, storage, userId, kind: "mask", data: photo, width: W, height: H, contentType: "image/webp" });
    await expect(add([mask.id])).rejects.toMatchObject({ code: "NOT_FOUND" });
    const first = await upload();
    await expect(add([first.id, first.id])).rejects.toMatchObject({ code: "INVALID_INPUT", details: { reason: "samePhotoTwice" } });
    await add([first.id]);
    await expect(add([first.id])).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "photoInListing" } });
    const more = await Promise.all(Array.from({ length: 38 }, () => upload()));
    await add(more.map((m) => m.id));
    await expect(add([(await upload()).id])).rejects.toMatchObject({ code: "INVALID_INPUT", details: { reason: "tooManyPhotos", max: 40 } });
    // Two additions at once that would each fit alone: one of them gets the last place.
    await handle.db.delete(listingPhoto).where(eq(listingPhoto.imageId, more[0]!.id));
    const [x, y] = [await upload(), await upload()];
    const both = await Promise.allSettled([add([x.id]), add([y.id])]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await getListing({ db: handle.db, userId, listingId })).photos).toHaveLength(40);
    // Five library additions at once for the last place: one is imported and added; the refused ones leave no copy.
    await handle.db.delete(listingPhoto).where(eq(listingPhoto.imageId, more[1]!.id));
    const uploads = async () => (await handle.db.select({ id: image.id }).from(image).where(and(eq(image.userId, userId), eq(image.kind, "upload")))).length;
    const before = await uploads();
    const library = await Promise.allSettled(Array.from({ length: 5 }, () => addListingPhotos({ db: handle.db, storage, userId, listingId, sources: [{ type: "library", libraryId: libraryPhotos[0]!.id }] })));
    expect(library.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await uploads()).toBe(before + 1);

    const generate = (styles: string[]) => generateListing({ db: handle.db, userId, listingId, styles, variations: 1, requestId: randomUUID(), engineId: "fake" });
    await expect(generate(["no-such-style"])).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "styles", reason: "unknownStyle" } });
    await expect(generate(["modern"])).rejects.toMatchObject({ code: "INSUFFICIENT_TOKENS", details: { balance: 3, attempted: 40 } });
    const empty = await createListing({ db: handle.db, userId, name: "Empty" });
    await expect(generateListing({ db: handle.db, userId, listingId: empty.id, styles: ["modern"], variations: 1, requestId: randomUUID(), engineId: "fake" })).rejects.toMatchObject({ details: { reason: "noPhotos" } });
    expect(await getBalance({ db: handle.db, userId })).toBe(3);
  });

  it("zips the chosen results as named JPEGs with the label in their corner and their AI marking; HD is one token per order, made by a worker, refunded on failure, made once after a worker dies, and marked", async () => {
    const { userId, listingId, photoIds } = await agent(10, 3, "Złota 44/12, Warszawa");
    await updateListingPhoto({ db: handle.db, userId, listingId, photoId: photoIds[1]!, roomType: "kitchen" });
    await generateListing({ db: handle.db, userId, listingId, styles: ["modern"], variations: 1, requestId: randomUUID(), engineId: "fake" });
    await drain(flatEngine());
    const view = await getListing({ db: handle.db, userId, listingId });
    for (const p of view.photos) await chooseListingResult({ db: handle.db, userId, listingId, photoId: p.id, visualizationId: p.results[0]!.visualizationId });
    // The first photo's result counts as an AI engine's, the others as the local engine's previews.
    await handle.db.update(batch).set({ engine: "replicate" }).where(eq(batch.id, view.photos[0]!.results[0]!.batchId));

    // A download given up stops the making at once (it used to wait for its reader for good, holding an image).
    const reads = vi.spyOn(storage, "get");
    const givenUp = await streamListingZip({ db: handle.db, storage, userId, listingId, labels: LABELS });
    givenUp.stream.destroy();
    await expect(givenUp.done).resolves.toBe("abandoned");
    expect(reads.mock.calls.length).toBeLessThan(3);
    reads.mockRestore();
    // A HEAD is answered from the plan, without making anything.
    await expect(planListingZip({ db: handle.db, userId, listingId })).resolves.toEqual({ fileName: "zlota-44-12-warszawa.zip", entries: 3 });

    const zip = await streamListingZip({ db: handle.db, storage, userId, listingId, labels: LABELS });
    const entries = readZip(await collect(zip.stream));
    await expect(zip.done).resolves.toBe("finished");
    expect(zip.fileName).toBe("zlota-44-12-warszawa.zip");
    // Named in the page's language: Polish by default, English from an English page.
    expect(entries.map((e) => e.name)).toEqual(["zlota-44-12-warszawa-01-salon-nowoczesny.jpg", "zlota-44-12-warszawa-02-kuchnia-nowoczesny.jpg", "zlota-44-12-warszawa-03-salon-nowoczesny.jpg"]);
    const english = await streamListingZip({ db: handle.db, storage, userId, listingId, labels: LABELS, locale: "en" });
    expect(readZip(await collect(english.stream)).map((e) => e.name)).toEqual(["zlota-44-12-warszawa-01-living-room-modern.jpg", "zlota-44-12-warszawa-02-kitchen-modern.jpg", "zlota-44-12-warszawa-03-living-room-modern.jpg"]);
    // A portal's package is named for the portal.
    await expect(planListingZip({ db: handle.db, userId, listingId, portal: portalProfiles.otodom })).resolves.toEqual({ fileName: "zlota-44-12-warszawa-otodom.zip", entries: 3 });
    await expect(planListingZip({ db: handle.db, userId, listingId, portal: portalProfiles.eu })).resolves.toMatchObject({ fileName: "zlota-44-12-warszawa-eu.zip" });
    const meta = await sharp(entries[0]!.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", W, H]);
    await expectRenovationPreview(async (labels) => readZip(await collect((await streamListingZip({ db: handle.db, storage, userId, listingId, labels })).stream))[0]!.data);
    // The label's plate sits in the bottom-right corner (the result's side of a before/after slider): darker
    // than the flat result, with white letters on it.
    const corner = { left: W - 134, top: H - 40, width: 120, height: 24 };
    const labelled = await region(entries[0]!.data, corner);
    const plain = await region(await sharp({ create: { width: W, height: H, channels: 3, background: "#e8e4dc" } }).jpeg().toBuffer(), corner);
    expect(labelled.mean).toBeLessThan(plain.mean - 60);
    expect(labelled.max).toBeGreaterThan(200);
    for (const elsewhere of [{ left: 14, top: H - 40, width: 120, height: 24 }, { left: 20, top: 10, width: 100, height: 24 }]) {
      expect((await region(entries[0]!.data, elsewhere)).mean).toBeGreaterThan(plain.mean - 5);
    }
    // Each entry carries its result's machine-readable marking, labelled or not.
    const marking = [DIGITAL_SOURCE_TYPE.ai, DIGITAL_SOURCE_TYPE.algorithmic, DIGITAL_SOURCE_TYPE.algorithmic];
    expect(await Promise.all(entries.map((e) => digitalSourceType(e.data)))).toEqual(marking);
    const unlabelled = await streamListingZip({ db: handle.db, storage, userId, listingId, labels: null });
    const unlabelledEntries = readZip(await collect(unlabelled.stream));
    expect(await Promise.all(unlabelledEntries.map((e) => digitalSourceType(e.data)))).toEqual(marking);
    // Nothing to burn in and marked as it should be: the stored JPEG itself, not encoded again; the first, whose
    // marking no longer fits its result (its engine changed above), is made again with the right one.
    const [second] = await handle.db.select({ key: image.storageKey }).from(image).where(eq(image.id, (await getListing({ db: handle.db, userId, listingId })).photos[1]!.results[0]!.result!.id));
    expect(unlabelledEntries[1]!.data.equals((await storage.get(second!.key))!)).toBe(true);

    const balance = await getBalance({ db: handle.db, userId });
    const failing = { upscale: () => Promise.reject(new EngineError("failed", "upscaler down")) };
    const order = (photoId: string) => orderHdCopy({ db: handle.db, userId, listingId, photoId });
    const hdState = async (photoId: string) => (await getListing({ db: handle.db, userId, listingId })).photos.find((p) => p.id === photoId)!.hdState;
    // The listing page follows an order over its result's batch: the stream stays open while the copy is being
    // made, and its end is the stream's last event.
    const hdBatch = view.photos[0]!.results[0]!.batchId;
    const followHd = async () => {
      const { done, events } = await followBatch(handle.db, hdBatch);
      return { done, hd: events.filter((e) => e.type === "hd") };
    };
    expect(await followHd()).toEqual({ done: true, hd: [] });
    await expect(order(photoIds[0]!)).resolves.toEqual({ state: "queued", balance: balance - 1 });
    // A second click while it waits: nothing more is spent.
    await expect(order(photoIds[0]!)).resolves.toEqual({ state: "queued", balance: null });
    expect(await followHd()).toEqual({ done: false, hd: [] });
    await expect(makeNextHdCopy({ db: handle.db, storage, engine: failing })).resolves.toEqual({ photoId: photoIds[0], outcome: "failed" });
    expect(await hdState(photoIds[0]!)).toBe("failed");
    expect(await followHd()).toEqual({ done: true, hd: [expect.objectContaining({ type: "hd", visualizationId: view.photos[0]!.results[0]!.visualizationId, state: "failed" })] });
    expect(await getBalance({ db: handle.db, userId })).toBe(balance);
    await expect(makeNextHdCopy({ db: handle.db, storage, engine: failing })).resolves.toBeNull();

    // Ordered again, then the process dies holding it: its lease holds (another worker may be making it), until
    // the next process on the embedded database releases it, and a worker makes it, unpaid again.
    await expect(order(photoIds[0]!)).resolves.toEqual({ state: "queued", balance: balance - 1 });
    await handle.db.update(listingPhoto).set({ hdState: "running", hdLeaseUntil: new Date(Date.now() + 60_000) }).where(eq(listingPhoto.id, photoIds[0]!));
    await expect(makeNextHdCopy({ db: handle.db, storage, engine: {} })).resolves.toBeNull();
    expect(await releaseOrphans({ db: handle.db, table: "listing_photo", state: "hd_state", lease: "hd_lease_until" })).toBe(1);
    await expect(makeNextHdCopy({ db: handle.db, storage, engine: {} })).resolves.toEqual({ photoId: photoIds[0], outcome: "made" });
    expect((await followHd()).hd.map((e) => e.type === "hd" && e.state)).toEqual(["failed", "ready"]);
    const made = (await getListing({ db: handle.db, userId, listingId })).photos[0]!;
    expect(made.hdState).toBeNull();
    expect(Math.max(made.hd!.width, made.hd!.height)).toBeGreaterThanOrEqual(3840);
    // Marked as its result is: the stored copy, and the download with the label and without it.
    const [hdRow] = await handle.db.select().from(image).where(eq(image.id, made.hd!.id));
    expect(await digitalSourceType((await storage.get(hdRow!.storageKey))!)).toBe(DIGITAL_SOURCE_TYPE.ai);
    const hdDownload = () => getHdDownload({ db: handle.db, storage, userId, listingId, photoId: photoIds[0]!, locale: "pl" });
    // Labelled in both languages by the worker, stored with the copy: a download reads that file and makes nothing.
    const labelledKeys = labelledHdKeys(hdRow!);
    expect(labelledKeys).toEqual([labelledHdKey(hdRow!.id, "pl"), labelledHdKey(hdRow!.id, "en")]);
    const [storedPolish, storedEnglish] = await Promise.all(labelledKeys.map((key) => storage.get(key)));
    expect(storedEnglish!.equals(storedPolish!)).toBe(false);
    const puts = vi.spyOn(storage, "put");
    const labelledHd = await (await hdDownload())!.read();
    expect(labelledHd.equals(storedPolish!)).toBe(true);
    expect(await digitalSourceType(labelledHd)).toBe(DIGITAL_SOURCE_TYPE.ai);
    expect(puts).not.toHaveBeenCalled();
    // A labelled file not there (a label switched on after the copy was made): made once at the first
    // downloads, however many ask at once, and stored.
    await storage.delete(labelledKeys[0]!);
    const again = await Promise.all([hdDownload(), hdDownload()].map(async (d) => (await d)!.read()));
    expect(puts).toHaveBeenCalledTimes(1);
    expect(again[0]!.equals(again[1]!)).toBe(true);
    expect((await storage.get(labelledKeys[0]!))!.equals(again[0]!)).toBe(true);
    puts.mockRestore();
    await updateListing({ db: handle.db, userId, listingId, disclosureLabel: false });
    const plainHd = await (await hdDownload())!.read();
    expect(await digitalSourceType(plainHd)).toBe(DIGITAL_SOURCE_TYPE.ai);
    expect(plainHd.equals((await storage.get(hdRow!.storageKey))!)).toBe(true);
    await updateListing({ db: handle.db, userId, listingId, disclosureLabel: true });
    expect(await getBalance({ db: handle.db, userId })).toBe(balance - 1);
    await expect(order(photoIds[0]!)).resolves.toEqual({ state: "ready", balance: null });
    // The choice cleared and made again: the copy paid for is still there, and nothing more is spent.
    const choose = (visualizationId: string | null) => chooseListingResult({ db: handle.db, userId, listingId, photoId: photoIds[0]!, visualizationId });
    await choose(null);
    expect((await getListing({ db: handle.db, userId, listingId })).photos[0]!.hd).toBeNull();
    await choose(made.chosenVisualizationId);
    expect((await getListing({ db: handle.db, userId, listingId })).photos[0]!.hd?.id).toBe(made.hd!.id);
    await expect(order(photoIds[0]!)).resolves.toEqual({ state: "ready", balance: null });
    expect(await getBalance({ db: handle.db, userId })).toBe(balance - 1);

    // Another photo's order whose choice changes before the worker gets to it: dropped, its token given back.
    await expect(order(photoIds[1]!)).resolves.toMatchObject({ state: "queued" });
    await handle.db.update(listingPhoto).set({ chosenVisualizationId: null }).where(eq(listingPhoto.id, photoIds[1]!));
    await expect(makeNextHdCopy({ db: handle.db, storage, engine: {} })).resolves.toEqual({ photoId: photoIds[1], outcome: "dropped" });
    expect(await getBalance({ db: handle.db, userId })).toBe(balance - 1);
    const refunds = await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(refunds.filter((e) => e.kind === "refund").map((e) => e.idempotencyKey).sort()).toEqual([`hd-refund:${photoIds[0]}:1`, `hd-refund:${photoIds[1]}:1`].sort());

    // The copy's hour over: the sweeper deletes its labelled files with it.
    await handle.db.update(image).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(image.id, hdRow!.id));
    await sweepExpired({ db: handle.db, storage });
    expect(await Promise.all([hdRow!.storageKey, ...labelledKeys].map((key) => storage.get(key)))).toEqual([null, null, null]);
  });

  it("takes turns between people in the HD queue: after one account's 20 orders, another person's single order is claimed next", async () => {
    const order = async (userId: string, count: number) => {
      const { id: listingId } = await createListing({ db: handle.db, userId, name: "Kolejka" });
      const ids = Array.from({ length: count }, () => randomUUID());
      await handle.db.insert(listingPhoto).values(ids.map((id, position) => ({ id, listingId, position, roomType: "living_room", hdState: "queued" as const, hdOrderedAt: new Date() })));
      return { listingId, ids };
    };
    const many = await order(await insertUser(handle), 20);
    const single = await order(await insertUser(handle), 1);
    const claim = async () => (await claimHdOrders({ db: handle.db, limit: 1 }))[0]!.id;
    const first = await claim();
    expect(many.ids).toContain(first);
    expect(await claim()).toBe(single.ids[0]);
    // Then the first account's orders again, oldest first, as nobody else waits.
    expect(many.ids).toContain(await claim());
    await handle.db.delete(listingPhoto).where(inArray(listingPhoto.listingId, [many.listingId, single.listingId]));
    // A day later the turns are forgotten (the sweeper's work): served that long ago is as good as never.
    const turns = () => handle.db.select().from(jobOwnerTurn).where(eq(jobOwnerTurn.queue, "hd-copy"));
    expect((await turns()).length).toBeGreaterThanOrEqual(2);
    await handle.db.update(jobOwnerTurn).set({ lastClaimedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    expect(await forgetOldTurns({ db: handle.db })).toBeGreaterThanOrEqual(2);
    expect(await turns()).toEqual([]);
  });

  it("opens a client link to anyone holding it: 404 when unknown or revoked, 410 when its images are gone, only its own images", async () => {
    const { userId, listingId } = await agent(5, 2);
    const stranger = await insertUser(handle);
    await expect(createShareLink({ db: handle.db, userId: stranger, listingId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await generateListing({ db: handle.db, userId, listingId, styles: ["modern"], variations: 1, requestId: randomUUID(), engineId: "fake" });
    await drain(flatEngine());
    const view = await getListing({ db: handle.db, userId, listingId });
    // Nothing chosen yet: nothing to share, to zip or to order in HD, and the answer says to choose first.
    await expect(createShareLink({ db: handle.db, userId, listingId })).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "nothingChosen" } });
    await expect(streamListingZip({ db: handle.db, storage, userId, listingId, labels: null })).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "nothingChosen" } });
    await expect(orderHdCopy({ db: handle.db, userId, listingId, photoId: view.photos[0]!.id })).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "noChoice" } });
    await chooseListingResult({ db: handle.db, userId, listingId, photoId: view.photos[0]!.id, visualizationId: view.photos[0]!.results[0]!.visualizationId });
    const link = await createShareLink({ db: handle.db, userId, listingId });

    const shared = await resolveShareLink({ db: handle.db, token: link.token });
    expect(shared.listing.items).toHaveLength(1);
    // Made by an engine that is not AI: a preview, described so on the listing and on the client's page.
    expect(view.photos[0]!.results[0]!.ai).toBe(false);
    expect(shared.listing.items[0]!.ai).toBe(false);
    await handle.db.update(batch).set({ engine: "replicate" }).where(eq(batch.id, view.photos[0]!.results[0]!.batchId));
    expect((await getListing({ db: handle.db, userId, listingId })).photos[0]!.results[0]!.ai).toBe(true);
    expect((await resolveShareLink({ db: handle.db, token: link.token })).listing.items[0]!.ai).toBe(true);
    expect(shared.listing.items[0]!.afterUrl).toContain(view.photos[0]!.results[0]!.result!.id);
    // The agent takes the choice back: the link shows that nothing is chosen, not that it expired.
    await chooseListingResult({ db: handle.db, userId, listingId, photoId: view.photos[0]!.id, visualizationId: null });
    expect((await resolveShareLink({ db: handle.db, token: link.token })).listing).toMatchObject({ items: [], expiresAt: null });
    await chooseListingResult({ db: handle.db, userId, listingId, photoId: view.photos[0]!.id, visualizationId: view.photos[0]!.results[0]!.visualizationId });
    // The client's file of a result carries the label, burnt in as in the ZIP, and the result's AI marking.
    const share = (imageId: string) => getSharedImage({ db: handle.db, storage, token: link.token, imageId, labels: LABELS });
    const stored = async (imageId: string) => {
      const [row] = await handle.db.select().from(image).where(eq(image.id, imageId));
      return (await storage.get(row!.storageKey))!;
    };
    const result = view.photos[0]!.results[0]!.result!;
    const served = await share(result.id);
    const servedData = await served.read();
    expect(served.contentType).toBe("image/jpeg");
    const corner = { left: W - 134, top: H - 40, width: 120, height: 24 };
    const flat = await region(await sharp({ create: { width: W, height: H, channels: 3, background: "#e8e4dc" } }).jpeg().toBuffer(), corner);
    expect((await region(servedData, corner)).mean).toBeLessThan(flat.mean - 60);
    expect(await digitalSourceType(servedData)).toBe(DIGITAL_SOURCE_TYPE.ai);
    await expectRenovationPreview(async (labels) => (await getSharedImage({ db: handle.db, storage, token: link.token, imageId: result.id, labels })).read());
    // The photo it was made from is answered as stored; so is the result while the listing's label is off.
    expect((await (await share(view.photos[0]!.image!.id)).read()).equals(await stored(view.photos[0]!.image!.id))).toBe(true);
    await updateListing({ db: handle.db, userId, listingId, disclosureLabel: false });
    expect((await (await share(result.id)).read()).equals(await stored(result.id))).toBe(true);
    await updateListing({ db: handle.db, userId, listingId, disclosureLabel: true });
    // Each language's label has an address of its own, so the browser keeps them apart.
    expect((await resolveShareLink({ db: handle.db, token: link.token, locale: "en" })).listing.items[0]!.afterUrl).toBe(`/api/shares/${link.token}/images/${result.id}?locale=en`);
    // The other photo's result was not chosen: the link does not open it.
    await expect(share(view.photos[1]!.results[0]!.result!.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resolveShareLink({ db: handle.db, token: `${link.token}x` })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resolveShareLink({ db: handle.db, token: link.token, now: new Date(Date.now() + 2 * 3600_000) })).rejects.toMatchObject({ code: "GONE" });

    await expect(revokeShareLink({ db: handle.db, userId: stranger, listingId, shareId: link.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await revokeShareLink({ db: handle.db, userId, listingId, shareId: link.id });
    await expect(resolveShareLink({ db: handle.db, token: link.token })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("keeps an expired client link gone for good: after a new choice, and after the sweeper has deleted its results", async () => {
    const { userId, listingId } = await agent(2, 1);
    await generateListing({ db: handle.db, userId, listingId, styles: ["modern", "boho"], variations: 1, requestId: randomUUID(), engineId: "fake" });
    await drain(flatEngine());
    const photo = (await getListing({ db: handle.db, userId, listingId })).photos[0]!;
    const choose = (visualizationId: string) => chooseListingResult({ db: handle.db, userId, listingId, photoId: photo.id, visualizationId });
    await choose(photo.results[0]!.visualizationId);
    const link = await createShareLink({ db: handle.db, userId, listingId });
    // A second after the last of the photo's results expires (they finish apart, by more than a second under load).
    const later = new Date(Math.max(...photo.results.map((r) => new Date(r.result!.expiresAt).getTime())) + 1000);
    await expect(resolveShareLink({ db: handle.db, token: link.token, now: later })).rejects.toMatchObject({ code: "GONE" });
    // Its hour over, another result chosen does not bring it back; a new link shows that one.
    await handle.db.update(listingShare).set({ liveUntil: new Date(Date.now() - 1000) }).where(eq(listingShare.id, link.id));
    await choose(photo.results[1]!.visualizationId);
    await expect(resolveShareLink({ db: handle.db, token: link.token })).rejects.toMatchObject({ code: "GONE" });
    const second = await createShareLink({ db: handle.db, userId, listingId });
    expect((await resolveShareLink({ db: handle.db, token: second.token })).listing.items).toHaveLength(1);
    // The sweeper deletes the results and their batches: the links still answer GONE, not "nothing chosen".
    await sweepExpired({ db: handle.db, storage, now: later });
    for (const token of [link.token, second.token]) await expect(resolveShareLink({ db: handle.db, token, now: later })).rejects.toMatchObject({ code: "GONE" });
  });

  it("keeps the chosen results and their photos for the listing's life when its owner chooses it, past the sweeper, until the owner ends it", async () => {
    const { userId, listingId } = await agent(2, 2);
    await generateListing({ db: handle.db, userId, listingId, styles: ["modern"], variations: 1, requestId: randomUUID(), engineId: "fake" });
    await drain(flatEngine());
    const view = await getListing({ db: handle.db, userId, listingId });
    const [first, second] = view.photos as [ListingPhotoDto, ListingPhotoDto];
    const firstResult = first.results[0]!;
    await chooseListingResult({ db: handle.db, userId, listingId, photoId: first.id, visualizationId: firstResult.visualizationId });
    const [row] = await handle.db.select().from(proof).where(eq(proof.visualizationId, firstResult.visualizationId));
    // The structure check's one writer put the same score and findings on the proof record as on the visualization.
    const [scored] = await handle.db.select({ score: visualization.structureScore, findings: visualization.structureFindings }).from(visualization).where(eq(visualization.id, firstResult.visualizationId));
    expect(scored!.score).not.toBeNull();
    expect([row!.structureScore, row!.structureFindings]).toEqual([scored!.score, scored!.findings]);

    // Another person cannot choose it for someone's listing.
    await expect(keepListingImages({ db: handle.db, userId: await insertUser(handle), listingId, keep: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const { keptUntil } = await keepListingImages({ db: handle.db, userId, listingId, keep: true });
    expect(keptUntil!.getTime() - Date.now()).toBeGreaterThan((LISTING_KEEP_DAYS - 1) * 86_400_000);
    expect((await getListing({ db: handle.db, userId, listingId })).keptUntil).toBe(keptUntil!.toISOString());
    // A result chosen later is kept as well.
    await chooseListingResult({ db: handle.db, userId, listingId, photoId: second.id, visualizationId: second.results[0]!.visualizationId });

    // Two hours on, the sweeper leaves the kept results, their photos and their batches; the proof page shows them.
    const later = new Date(Date.now() + 2 * 3_600_000);
    await sweepExpired({ db: handle.db, storage, now: later });
    const kept = await getListing({ db: handle.db, userId, listingId, now: later });
    for (const p of kept.photos) {
      expect(p.image).not.toBeNull();
      expect(p.chosenVisualizationId).not.toBeNull();
      expect(p.results.find((r) => r.visualizationId === p.chosenVisualizationId)!.result).not.toBeNull();
    }
    expect(await getProof({ db: handle.db, id: row!.id, now: later })).toMatchObject({ images: { state: "live", published: true, until: keptUntil!.toISOString() } });

    // Ended: each file goes back to its hour (past it: due now), and the sweeper deletes them; the proof keeps its facts.
    await keepListingImages({ db: handle.db, userId, listingId, keep: false });
    expect((await getListing({ db: handle.db, userId, listingId })).keptUntil).toBeNull();
    await sweepExpired({ db: handle.db, storage, now: later });
    const ended = await getListing({ db: handle.db, userId, listingId, now: later });
    expect(ended.photos.every((p) => p.image === null && p.chosenVisualizationId === null)).toBe(true);
    expect(await getProof({ db: handle.db, id: row!.id, now: later })).toMatchObject({ id: row!.id, mode: row!.mode, images: { state: "gone" } });
    expect(await handle.db.select().from(image).where(eq(image.id, firstResult.result!.id))).toEqual([]);
  });

  it("ends the keeping when the listing is deleted: its files go back to their hour", async () => {
    const { userId, listingId } = await agent(1, 1);
    await generateListing({ db: handle.db, userId, listingId, styles: ["modern"], variations: 1, requestId: randomUUID(), engineId: "fake" });
    await drain(flatEngine());
    const photo = (await getListing({ db: handle.db, userId, listingId })).photos[0]!;
    await chooseListingResult({ db: handle.db, userId, listingId, photoId: photo.id, visualizationId: photo.results[0]!.visualizationId });
    await keepListingImages({ db: handle.db, userId, listingId, keep: true });
    const [keptRow] = await handle.db.select({ expiresAt: image.expiresAt }).from(image).where(eq(image.id, photo.image!.id));
    expect(keptRow!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 86_400_000);
    await deleteListing({ db: handle.db, userId, listingId });
    const [back] = await handle.db.select({ expiresAt: image.expiresAt, createdAt: image.createdAt }).from(image).where(eq(image.id, photo.image!.id));
    expect(back!.expiresAt.getTime()).toBeLessThanOrEqual(back!.createdAt.getTime() + 3_600_000);
  });

  it("answers GONE for the ZIP, an HD order and a new link once the chosen result passes its hour, spending nothing", async () => {
    const { userId, listingId } = await agent(1, 1);
    await generateListing({ db: handle.db, userId, listingId, styles: ["modern"], variations: 1, requestId: randomUUID(), engineId: "fake" });
    await drain(flatEngine());
    const view = await getListing({ db: handle.db, userId, listingId });
    await chooseListingResult({ db: handle.db, userId, listingId, photoId: view.photos[0]!.id, visualizationId: view.photos[0]!.results[0]!.visualizationId });

    // The chosen result past its hour: the ZIP and an HD order are GONE, and nothing is spent.
    const balance = await getBalance({ db: handle.db, userId });
    await handle.db.update(image).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(image.id, view.photos[0]!.results[0]!.result!.id));
    await expect(streamListingZip({ db: handle.db, storage, userId, listingId, labels: null })).rejects.toMatchObject({ code: "GONE" });
    await expect(orderHdCopy({ db: handle.db, userId, listingId, photoId: view.photos[0]!.id })).rejects.toMatchObject({ code: "GONE" });
    await expect(createShareLink({ db: handle.db, userId, listingId })).rejects.toMatchObject({ code: "GONE" });
    expect(await getBalance({ db: handle.db, userId })).toBe(balance);
  });

  it("claims fairly: one person's single Generate starts within the next claims after another's 320 queued jobs", async () => {
    const { userId: busy, listingId } = await agent(320, 40);
    const styles = ["modern", "scandinavian", "industrial", "glamour", "boho", "japandi", "minimalist", "rustic"];
    await generateListing({ db: handle.db, userId: busy, listingId, styles, variations: 1, requestId: randomUUID(), engineId: "fake" });
    // The busy account's first jobs are running.
    const running = await claimJobs({ db: handle.db, limit: 8, leaseMs: 60_000 });
    expect(running.every((j) => j.userId === busy)).toBe(true);

    const other = await insertUser(handle);
    await grantTokens({ db: handle.db, userId: other, amount: 1, kind: "grant", idempotencyKey: `g:${other}` });
    const upload = await storeImage({ db: handle.db, storage, userId: other, kind: "upload", data: photo, width: W, height: H, contentType: "image/webp" });
    const single = await createBatch({ db: handle.db, storage, userId: other, engineId: "fake", request: checkedBatch({ source: { type: "image", imageId: upload.id }, roomType: "bedroom", styles: ["modern"], requestId: randomUUID() }) });

    const next = [...(await claimJobs({ db: handle.db, limit: 1, leaseMs: 60_000 })), ...(await claimJobs({ db: handle.db, limit: 1, leaseMs: 60_000 }))];
    expect(next.map((j) => j.batchId)).toContain(single.batch.id);
  });
});
