import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { batchEvent, generationJob, image, tokenLedger, visualization } from "@/server/db/schema";
import type { Engine, EngineInput } from "@/server/engines/engine";
import { createLocalStorage } from "@/server/storage/local-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { MASK_MAX_BYTES } from "@/config/generation";
import { getBalance } from "@/server/tokens/get-balance";
import { grantTokens } from "@/server/tokens/grant-tokens";
import type { BatchEvent, CreateBatchInput } from "@/schemas/generation";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { claimJobs } from "./claim-jobs";
import { parseInput } from "@/server/parse-input";
import { createBatchSchema } from "@/schemas/generation";
import { createBatch } from "./create-batch";
import { getBatch } from "./get-batch";
import { remakeVisualization } from "./remake-visualization";
import { runJob } from "./run-job";
import { storeImage } from "@/server/images/store-image";
import { uploadMask } from "@/server/images/upload-mask";
import { listGallery } from "@/server/images/list-gallery";
import { writeStructureScore } from "./write-structure-score";
import { createFakeEngine } from "@/server/engines/fake-engine";
import { createLocalEngine } from "@/server/engines/local-engine";
import { exteriorScenes, renderExterior } from "~/tests/support/exterior-scene";

const W = 96;
const H = 72;

/** A room-like photo: a wall, a floor, a dark window frame; lines the structure check can follow. */
async function roomPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <rect width="${W}" height="${H}" fill="#d8d0c0"/>
    <rect y="48" width="${W}" height="24" fill="#8a6a4a"/>
    <rect x="20" y="10" width="24" height="28" fill="#405060" stroke="#202020" stroke-width="3"/>
    <rect x="60" y="14" width="4" height="34" fill="#303030"/>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ lossless: true }).toBuffer();
}

/** The right half white (edit), the left half black (keep). */
async function rightHalfMask(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#000"/><rect x="${W / 2}" width="${W / 2}" height="${H}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const body = (data: Buffer) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(data));
      controller.close();
    },
  });

/** An engine that records what it was asked and answers with `answer(input)`. */
function recordingEngine(answer: (input: EngineInput) => Promise<Buffer>) {
  const calls: EngineInput[] = [];
  const engine: Engine = {
    id: "fake",
    concurrency: 4,
    async generate(input) {
      calls.push(input);
      return { image: await answer(input) };
    },
  };
  return { engine, calls };
}

describe.each(testDatabases())("edit modes on $name", ({ open }) => {
  let handle: Handle;
  let storage: ImageStorage;
  let dir: string;
  let photo: Buffer;

  beforeAll(async () => {
    handle = await open();
    dir = mkdtempSync(path.join(tmpdir(), "aranzer-modes-"));
    storage = createLocalStorage(dir);
    photo = await roomPhoto();
  });
  beforeEach(async () => {
    await handle.db.delete(generationJob);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function userWithPhoto(tokens: number) {
    const userId = await insertUser(handle);
    if (tokens > 0) await grantTokens({ db: handle.db, userId, amount: tokens, kind: "grant", idempotencyKey: `g:${userId}` });
    const upload = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: photo, width: W, height: H, contentType: "image/webp" });
    return { userId, imageId: upload.id };
  }

  async function generate(userId: string, request: Omit<CreateBatchInput, "requestId" | "roomType"> & { roomType?: CreateBatchInput["roomType"] }, engineId = "fake") {
    return createBatch({ db: handle.db, storage, userId, engineId, request: parseInput(createBatchSchema, { roomType: "living-room", requestId: randomUUID(), ...request }) });
  }

  async function runAll(engine: Engine) {
    for (;;) {
      const jobs = await claimJobs({ db: handle.db, limit: 10, leaseMs: 30_000 });
      if (jobs.length === 0) return;
      for (const job of jobs) await runJob({ db: handle.db, storage, engine, job, stopSignal: new AbortController().signal });
    }
  }

  async function resultPixels(imageId: string) {
    const [row] = await handle.db.select().from(image).where(eq(image.id, imageId));
    const bytes = await storage.get(row!.storageKey);
    return sharp(bytes!).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  }

  it("makes styles × variations visualizations, each with its own seed and token", async () => {
    const { userId, imageId } = await userWithPhoto(10);
    const { batch, balance } = await generate(userId, { source: { type: "image", imageId }, mode: "stage", styles: ["modern", "japandi"], variations: 3 });
    expect(balance).toBe(4);
    expect(batch.mode).toBe("stage");
    expect(batch.visualizations.map((v) => [v.styleId, v.variant])).toEqual([
      ["modern", 0],
      ["modern", 1],
      ["modern", 2],
      ["japandi", 0],
      ["japandi", 1],
      ["japandi", 2],
    ]);
    const seeds = await handle.db.select({ seed: visualization.seed }).from(visualization).where(eq(visualization.batchId, batch.id));
    expect(new Set(seeds.map((s) => s.seed)).size).toBe(6);

    const { engine, calls } = recordingEngine((input) => sharp(input.image).webp().toBuffer());
    await runAll(engine);
    expect(calls).toHaveLength(6);
    expect(calls.every((c) => c.edit.mode === "stage")).toBe(true);
    expect(new Set(calls.map((c) => c.seed)).size).toBe(6);
  });

  it("refuses what the mode needs and the engine cannot do, spending nothing", async () => {
    const { userId, imageId } = await userWithPhoto(3);
    const source = { type: "image" as const, imageId };
    await expect(generate(userId, { source, mode: "declutter" })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(generate(userId, { source, mode: "remove" })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "maskImageId" } });
    await expect(generate(userId, { source, mode: "restyle", styles: [] })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "styles" } });
    await expect(generate(userId, { source, mode: "restyle", styles: ["no-such-style"] })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "styles", reason: "unknownStyle" } });
    await expect(generate(userId, { source, mode: "stage", styles: ["modern"] }, "local")).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "mode" } });
    expect(await getBalance({ db: handle.db, userId })).toBe(3);
  });

  it("refuses a sky mode on a photo with no sky, spending nothing, and makes a new sky on one that has it", async () => {
    const { userId, imageId } = await userWithPhoto(3);
    await expect(generate(userId, { source: { type: "image", imageId }, roomType: "exterior", mode: "sky", params: { sky: "clear" } }, "local")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      details: { field: "source", reason: "noSky" },
    });
    expect(await getBalance({ db: handle.db, userId })).toBe(3);

    const exterior = await renderExterior({ ...exteriorScenes[0]!, width: 384, height: 256 });
    const stored = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: await sharp(exterior.photo).webp().toBuffer(), width: 384, height: 256, contentType: "image/webp" });
    const { batch } = await generate(userId, { source: { type: "image", imageId: stored.id }, roomType: "exterior", mode: "sky", params: { sky: "clear" } }, "local");
    expect(await getBalance({ db: handle.db, userId })).toBe(2);
    await runAll(createLocalEngine());
    const done = await getBatch({ db: handle.db, userId, batchId: batch.id });
    expect(done.visualizations[0]).toMatchObject({ status: "succeeded" });
    const { data } = await resultPixels(done.visualizations[0]!.result!.id);
    // The top left corner was grey sky; it is blue now.
    expect(data[2]! - data[0]!).toBeGreaterThan(60);
  });

  it("makes a facade, a garden, a twilight and a sky on the fake engine, each scored, and refuses a facade of a living room", async () => {
    const userId = await insertUser(handle);
    await grantTokens({ db: handle.db, userId, amount: 10, kind: "grant", idempotencyKey: `g:${userId}` });
    const exterior = await renderExterior({ ...exteriorScenes[2]!, width: 384, height: 256 });
    const stored = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: await sharp(exterior.photo).webp().toBuffer(), width: 384, height: 256, contentType: "image/webp" });
    const source = { type: "image" as const, imageId: stored.id };
    await expect(generate(userId, { source, roomType: "living-room", mode: "facade", styles: ["modern"] })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "roomType", reason: "roomNotInMode" } });
    await expect(generate(userId, { source, roomType: "exterior", mode: "facade", styles: ["boho"] })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "styles", reason: "unknownStyle" } });
    const batches = [
      await generate(userId, { source, roomType: "exterior", mode: "facade", styles: ["modern", "scandinavian"] }),
      await generate(userId, { source, roomType: "garden", mode: "garden", styles: ["zen"] }),
      await generate(userId, { source, roomType: "exterior", mode: "twilight" }),
      await generate(userId, { source, roomType: "exterior", mode: "sky", params: { sky: "sunset" } }),
    ];
    expect(await getBalance({ db: handle.db, userId })).toBe(5);
    await runAll(createFakeEngine({ latencyMs: 0 }));
    const original = await resultPixels(stored.id);
    for (const { batch } of batches) {
      const done = await getBatch({ db: handle.db, userId, batchId: batch.id });
      for (const v of done.visualizations) {
        expect(v, batch.mode).toMatchObject({ status: "succeeded", structureScore: expect.any(Number) });
        const { data } = await resultPixels(v.result!.id);
        expect(data.equals(original.data), batch.mode).toBe(false);
      }
    }
  });

  it("restyles a room in a reference photo's look: the photo sent with the request, its palette in the prompt; an expired or missing reference refused, spending nothing", async () => {
    const { userId, imageId } = await userWithPhoto(4);
    const source = { type: "image" as const, imageId };
    const liked = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#2d5b8c" } }).png().toBuffer();
    const reference = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: liked, width: 120, height: 80, contentType: "image/png" });
    await expect(generate(userId, { source, mode: "reference" })).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "params" } });
    await expect(generate(userId, { source, mode: "reference", params: { reference: "nobody-s-image" } })).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "noReferencePhoto" } });
    await expect(generate(userId, { source, mode: "reference", roomType: "exterior", params: { reference: reference.id } })).rejects.toMatchObject({ details: { reason: "roomNotInMode" } });
    await expect(generate(userId, { source, mode: "reference", params: { reference: reference.id } }, "local")).rejects.toMatchObject({ details: { field: "mode" } });
    const gone = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: liked, width: 120, height: 80, contentType: "image/png" });
    await handle.db.update(image).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(image.id, gone.id));
    await expect(generate(userId, { source, mode: "reference", params: { reference: gone.id } })).rejects.toMatchObject({ code: "GONE", details: { reason: "referenceGone" } });
    expect(await getBalance({ db: handle.db, userId })).toBe(4);

    const { batch } = await generate(userId, { source, mode: "reference", params: { reference: reference.id } });
    const { engine, calls } = recordingEngine((input) => sharp(input.image).webp().toBuffer());
    await runAll(engine);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.references).toHaveLength(1);
    expect((await sharp(calls[0]!.references![0]!).stats()).channels[2]!.mean).toBeGreaterThan(130);
    expect(calls[0]!.prompt).toContain("in the look of the reference photo");
    expect(calls[0]!.prompt).toMatch(/palette #2[0-9a-f]5[0-9a-f]8[0-9a-f] \(100 %, dark\)/);
    expect((await getBatch({ db: handle.db, userId, batchId: batch.id })).visualizations[0]).toMatchObject({ status: "succeeded" });
  });

  it("refuses a short balance before importing a library photo", async () => {
    const userId = await insertUser(handle);
    const before = await handle.db.select({ id: image.id }).from(image).where(eq(image.userId, userId));
    await expect(generate(userId, { source: { type: "library", libraryId: "living-room-sunny" }, styles: ["modern"] })).rejects.toMatchObject({
      code: "INSUFFICIENT_TOKENS",
      details: { balance: 0, attempted: 1 },
    });
    expect(await handle.db.select({ id: image.id }).from(image).where(eq(image.userId, userId))).toEqual(before);
  });

  it("stores a mask at its photo's size, refuses an empty one and anyone else's photo", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const small = await sharp(await rightHalfMask()).resize(W / 2, H / 2).png().toBuffer();
    const { image: mask } = await uploadMask({ db: handle.db, storage, userId, source: { type: "image", imageId }, body: body(small) });
    expect(mask).toMatchObject({ kind: "mask", width: W, height: H });
    // A mask is not a room to start a design from.
    expect((await listGallery({ db: handle.db, userId })).map((i) => i.id)).toEqual([imageId]);
    const black = await sharp({ create: { width: W, height: H, channels: 3, background: "#000" } }).png().toBuffer();
    await expect(uploadMask({ db: handle.db, storage, userId, source: { type: "image", imageId }, body: body(black) })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    const other = await insertUser(handle);
    await grantTokens({ db: handle.db, userId: other, amount: 1, kind: "grant", idempotencyKey: `g:${other}` });
    await expect(uploadMask({ db: handle.db, storage, userId: other, source: { type: "image", imageId }, body: body(small) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(generate(other, { source: { type: "image", imageId }, mode: "remove", maskImageId: mask.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("paints the exact colour inside the mask without an engine, and keeps the rest of the photo", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { image: mask } = await uploadMask({ db: handle.db, storage, userId, source: { type: "image", imageId }, body: body(await rightHalfMask()) });
    const { batch } = await generate(userId, { source: { type: "image", imageId }, mode: "paint", maskImageId: mask.id, params: { color: "2e5e4e" } });
    expect(batch.params.color).toBe("#2E5E4E");
    const { engine, calls } = recordingEngine(() => Promise.reject(new Error("no engine for paint")));
    await runAll(engine);
    expect(calls).toHaveLength(0);
    const done = await getBatch({ db: handle.db, userId, batchId: batch.id });
    const v = done.visualizations[0]!;
    expect(v.status).toBe("succeeded");
    expect(v.structureScore).toBeGreaterThan(0.9);
    const out = await resultPixels(v.result!.id);
    const original = await sharp(photo).removeAlpha().raw().toBuffer();
    // Left of the mask: the photo, as far as the stored WebP's compression keeps it.
    let outsideDiff = 0;
    let insideG = 0;
    let inside = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3;
        if (x < W / 2 - 2) outsideDiff = Math.max(outsideDiff, Math.abs(out.data[i]! - original[i]!), Math.abs(out.data[i + 1]! - original[i + 1]!));
        if (x > W / 2 + 2) {
          insideG += out.data[i + 1]! - out.data[i]!;
          inside++;
        }
      }
    }
    expect(outsideDiff).toBeLessThan(24);
    // #2E5E4E is green over red by 0x30: the painted half leans green as the colour does.
    expect(insideG / inside).toBeGreaterThan(30);
  });

  it("composites the original back outside the mask, whatever the engine returned", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { image: mask } = await uploadMask({ db: handle.db, storage, userId, source: { type: "image", imageId }, body: body(await rightHalfMask()) });
    await generate(userId, { source: { type: "image", imageId }, mode: "replace", maskImageId: mask.id, params: { text: "a green velvet armchair" } });
    // The engine answers with a flat red image at another size.
    const { engine, calls } = recordingEngine(() => sharp({ create: { width: 50, height: 40, channels: 3, background: "#ff0000" } }).png().toBuffer());
    await runAll(engine);
    expect(calls[0]!.edit).toMatchObject({ mode: "replace", text: "a green velvet armchair" });
    expect(calls[0]!.prompt).toContain("a green velvet armchair");
    const [row] = await handle.db.select().from(visualization).where(eq(visualization.userId, userId));
    const out = await resultPixels(row!.resultImageId!);
    expect(out.info).toMatchObject({ width: W, height: H });
    const original = await sharp(photo).removeAlpha().raw().toBuffer();
    const at = (x: number, y: number) => (y * W + x) * 3;
    expect(Math.abs(out.data[at(5, 5)]! - original[at(5, 5)]!)).toBeLessThan(12);
    expect(out.data[at(W - 5, 5)]!).toBeGreaterThan(200);
    expect(out.data[at(W - 5, 5) + 1]!).toBeLessThan(60);
  });

  it("stores what the structure check found with a flagged result's score, and sends it with the scored event and the batch", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { batch } = await generate(userId, { source: { type: "image", imageId }, styles: ["modern"] });
    // The room seen from elsewhere: the photo moved right by a tenth and down by an eighth.
    await runAll(recordingEngine((input) => sharp(input.image).extend({ left: 10, top: 9, extendWith: "copy" }).extract({ left: 0, top: 0, width: W, height: H }).png().toBuffer()).engine);
    const rows = await handle.db.select().from(batchEvent).where(eq(batchEvent.batchId, batch.id)).orderBy(batchEvent.seq);
    const scored = rows.map((r) => r.payload as BatchEvent).find((e) => e.type === "scored");
    expect(scored).toMatchObject({ flagged: true, structureFindings: expect.arrayContaining([expect.objectContaining({ kind: "moved", element: "camera" })]) });
    const [stored] = (await getBatch({ db: handle.db, userId, batchId: batch.id })).visualizations;
    expect(stored!.flagged).toBe(true);
    expect(stored!.structureFindings).toEqual(scored!.type === "scored" ? scored!.structureFindings : null);
  });

  it("records the result first and its structure check after, as a scored event; a score is written once", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { batch } = await generate(userId, { source: { type: "image", imageId }, styles: ["modern"] });
    await runAll(recordingEngine((input) => sharp(input.image).webp().toBuffer()).engine);
    const rows = await handle.db.select().from(batchEvent).where(eq(batchEvent.batchId, batch.id)).orderBy(batchEvent.seq);
    const [id] = batch.visualizations.map((v) => v.id);
    expect(rows.map((r) => r.payload as BatchEvent).filter((e) => e.type === "succeeded" || e.type === "scored")).toEqual([
      expect.objectContaining({ type: "succeeded", visualizationId: id, structureScore: null, flagged: false }),
      expect.objectContaining({ type: "scored", visualizationId: id, structureScore: expect.any(Number), flagged: false }),
    ]);
    const scored = (await getBatch({ db: handle.db, userId, batchId: batch.id })).visualizations[0]!;
    expect(scored.structureScore).toBeGreaterThan(0.9);
    expect(await writeStructureScore({ db: handle.db, visualizationId: id!, structureScore: 0.1, findings: [] })).toEqual({ written: false });
    expect((await getBatch({ db: handle.db, userId, batchId: batch.id })).visualizations[0]!.structureScore).toBe(scored.structureScore);
  });

  it("fails at once, refunding, when an engine answers with bytes that are not an image", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { batch } = await generate(userId, { source: { type: "image", imageId }, styles: ["modern"] });
    const garbage = recordingEngine(async () => Buffer.from("not an image"));
    await runAll(garbage.engine);
    expect(garbage.calls).toHaveLength(1);
    expect((await getBatch({ db: handle.db, userId, batchId: batch.id })).visualizations[0]).toMatchObject({ status: "failed", failureReason: "provider", refunded: true });
    expect(await getBalance({ db: handle.db, userId })).toBe(1);
  });

  it("flags a result that moved the walls and makes it again once, for free", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { batch } = await generate(userId, { source: { type: "image", imageId }, styles: ["modern"] });
    // A warped answer: the photo shifted by a fifth of its width.
    const warped = recordingEngine((input) => sharp(input.image).extract({ left: 0, top: 0, width: W - 20, height: H }).resize(W, H, { fit: "fill" }).webp().toBuffer());
    await runAll(warped.engine);
    const flagged = (await getBatch({ db: handle.db, userId, batchId: batch.id })).visualizations[0]!;
    expect(flagged.flagged).toBe(true);
    expect(await getBalance({ db: handle.db, userId })).toBe(0);

    // Asked twice at once (a double click, two tabs): one remake, paid for once.
    const [remake, again] = await Promise.all([
      remakeVisualization({ db: handle.db, userId, visualizationId: flagged.id }),
      remakeVisualization({ db: handle.db, userId, visualizationId: flagged.id }),
    ]);
    expect(again.id).toBe(remake.id);
    expect(remake).toMatchObject({ styleId: "modern", status: "queued", remakeOf: flagged.id });
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    const entries = await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, userId));
    expect(entries.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ["grant", 1],
      ["refund", 1],
      ["spend", -1],
      ["spend", -1],
    ]);
    // Someone else cannot ask for it; the remake is not remade again.
    await expect(remakeVisualization({ db: handle.db, userId: await insertUser(handle), visualizationId: flagged.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const faithful = recordingEngine((input) => sharp(input.image).webp().toBuffer());
    await runAll(faithful.engine);
    const after = await getBatch({ db: handle.db, userId, batchId: batch.id });
    expect(after.visualizations.map((v) => [v.id, v.status, v.flagged, v.remadeAs])).toEqual([
      [flagged.id, "succeeded", true, remake.id],
      [remake.id, "succeeded", false, null],
    ]);
    await expect(remakeVisualization({ db: handle.db, userId, visualizationId: remake.id })).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "remakeNotOffered" } });
    // Asked again once it is made (a tab that still offered it): the remake with its result, not one that looks deleted.
    const asked = await remakeVisualization({ db: handle.db, userId, visualizationId: flagged.id });
    expect(asked).toMatchObject({ id: remake.id, status: "succeeded", result: { id: after.visualizations[1]!.result!.id } });
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
  });

  it("does not remake a result that kept the structure, and says why", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { batch } = await generate(userId, { source: { type: "image", imageId }, styles: ["modern"] });
    await runAll(recordingEngine((input) => sharp(input.image).webp().toBuffer()).engine);
    const [kept] = (await getBatch({ db: handle.db, userId, batchId: batch.id })).visualizations;
    expect(kept!.flagged).toBe(false);
    await expect(remakeVisualization({ db: handle.db, userId, visualizationId: kept!.id })).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "remakeNotOffered" } });
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
  });

  it("refuses what is not a mask of this photo, storing nothing", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const source = { type: "image" as const, imageId };
    const images = () => handle.db.select({ id: image.id }).from(image).where(eq(image.userId, userId)).then((rows) => rows.length);
    const before = await images();
    const white = { width: W, height: H, channels: 3 as const, background: "#fff" };
    const refusals: [string, Buffer, object][] = [
      ["SVG", Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#fff"/></svg>`), { code: "INVALID_IMAGE", details: { reason: "maskUnreadable" } }],
      ["GIF", await sharp({ create: white }).gif().toBuffer(), { code: "INVALID_IMAGE", details: { reason: "maskUnreadable" } }],
      ["TIFF", await sharp({ create: white }).tiff().toBuffer(), { code: "INVALID_IMAGE", details: { reason: "maskUnreadable" } }],
      ["an animated WebP", animatedWebp(await sharp({ create: white }).webp().toBuffer()), { code: "INVALID_IMAGE", details: { reason: "maskUnreadable" } }],
      ["an animated PNG", animatedPng(await sharp({ create: white }).png().toBuffer()), { code: "INVALID_IMAGE", details: { reason: "maskUnreadable" } }],
      ["text", Buffer.from("not an image"), { code: "INVALID_IMAGE", details: { reason: "maskUnreadable" } }],
      ["more than a mask's bytes", Buffer.alloc(MASK_MAX_BYTES + 1), { code: "INVALID_IMAGE", details: { reason: "maskUnreadable" } }],
      ["a PNG declaring 60000 × 60000 pixels", declareSize(await rightHalfMask(), 60_000, 60_000), { code: "INVALID_IMAGE", details: { reason: "maskUnreadable" } }],
      ["another shape than the photo", await sharp({ create: { ...white, width: H, height: W } }).png().toBuffer(), { code: "INVALID_INPUT", details: { reason: "maskMismatch" } }],
    ];
    for (const [what, data, refusal] of refusals) {
      await expect(uploadMask({ db: handle.db, storage, userId, source, body: body(data) }), what).rejects.toMatchObject(refusal);
    }
    // A blank mask over an example photo: refused before the example becomes one of the person's photos.
    const blank = await sharp({ create: { ...white, background: "#000" } }).png().toBuffer();
    await expect(uploadMask({ db: handle.db, storage, userId, source: { type: "library", libraryId: "living-room-sunny" }, body: body(blank) })).rejects.toMatchObject({ details: { reason: "emptyMask" } });
    expect(await images()).toBe(before);
  });

  it("refuses a mask painted over another photo, spending nothing", async () => {
    const { userId, imageId } = await userWithPhoto(3);
    const { image: mask } = await uploadMask({ db: handle.db, storage, userId, source: { type: "image", imageId }, body: body(await rightHalfMask()) });
    const second = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: photo, width: W, height: H, contentType: "image/webp" });
    await expect(generate(userId, { source: { type: "image", imageId: second.id }, mode: "remove", maskImageId: mask.id })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      details: { field: "maskImageId", reason: "maskMismatch" },
    });
    await expect(generate(userId, { source: { type: "library", libraryId: "living-room-sunny" }, mode: "remove", maskImageId: mask.id })).rejects.toMatchObject({
      details: { reason: "maskMismatch" },
    });
    // Nor is a mask a room to redesign.
    await expect(generate(userId, { source: { type: "image", imageId: mask.id }, styles: ["modern"] })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await getBalance({ db: handle.db, userId })).toBe(3);
    const { batch } = await generate(userId, { source: { type: "image", imageId }, mode: "remove", maskImageId: mask.id });
    expect(batch.visualizations).toHaveLength(1);
  });

  it("refuses an unknown material and says why each bad parameter was refused, spending nothing", async () => {
    const { userId, imageId } = await userWithPhoto(3);
    const { image: mask } = await uploadMask({ db: handle.db, storage, userId, source: { type: "image", imageId }, body: body(await rightHalfMask()) });
    const source = { type: "image" as const, imageId };
    const refusals: [Omit<CreateBatchInput, "requestId" | "roomType">, object][] = [
      [{ source, mode: "material", maskImageId: mask.id, params: { material: "gold-bricks" } }, { field: "params", reason: "unknownMaterial" }],
      [{ source, mode: "paint", maskImageId: mask.id, params: { color: "#FFF" } }, { field: "params", reason: "badColor" }],
      [{ source, mode: "paint", maskImageId: mask.id }, { field: "params", reason: "noColor" }],
      [{ source, mode: "remove", maskImageId: mask.id, styles: ["modern"] }, { field: "styles", reason: "stylesNotInMode" }],
      [{ source, styles: ["modern", "modern"] }, { field: "styles", reason: "duplicateStyles" }],
      [{ source, styles: ["modern"], params: { instruction: "a".repeat(301) } }, { field: "params", reason: "instructionTooLong", max: 300 }],
      [{ source, mode: "replace", maskImageId: mask.id, params: { text: "\u0000\u200b\u202e" } }, { field: "params", reason: "noText" }],
      [{ source, styles: ["modern"], variations: 5 }, { field: "variations", reason: "badVariations" }],
      [{ source, styles: ["modern"], variations: "3" as unknown as number }, { field: "variations", reason: "badVariations" }],
      [{ source, styles: ["modern"], variations: 3.5 }, { field: "variations", reason: "badVariations" }],
    ];
    for (const [request, details] of refusals) {
      await expect(generate(userId, request), JSON.stringify(request.params ?? request)).rejects.toMatchObject({ code: "INVALID_INPUT", details });
    }
    // An edit the seed does not change (the exact recolour everywhere, the local engine's fill) is made once:
    // a second variation would be the same image for another token.
    const sameEveryTime: [Omit<CreateBatchInput, "requestId" | "roomType">, string][] = [
      [{ source, mode: "paint", maskImageId: mask.id, params: { color: "#2E5E4E" }, variations: 2 }, "fake"],
      [{ source, mode: "remove", maskImageId: mask.id, variations: 3 }, "local"],
    ];
    for (const [request, engineId] of sameEveryTime) {
      await expect(generate(userId, request, engineId), `${request.mode} on ${engineId}`).rejects.toMatchObject({ code: "INVALID_INPUT", details: { field: "variations", reason: "sameEveryTime" } });
    }
    expect(await getBalance({ db: handle.db, userId })).toBe(3);
    const { batch } = await generate(userId, { source, mode: "material", maskImageId: mask.id, params: { material: "oak-planks" } });
    expect(batch.params.material).toBe("oak-planks");
  });
});

/** The PNG with another size written in its header (and the header's checksum made right): what a decompression bomb declares. */
function declareSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

/** A RIFF chunk: type, little-endian length, data, padded to an even length. */
function riffChunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(type, 0, "latin1");
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, Buffer.alloc(data.length % 2)]);
}

/** Two frames of the still WebP (W × H) as an animation (VP8X with its animation flag, ANIM, two ANMF). */
function animatedWebp(still: Buffer): Buffer {
  const u24 = (n: number) => Buffer.from([n & 255, (n >> 8) & 255, (n >> 16) & 255]);
  const frame = riffChunk("ANMF", Buffer.concat([u24(0), u24(0), u24(W - 1), u24(H - 1), u24(100), Buffer.from([0]), still.subarray(12)]));
  const body = Buffer.concat([
    Buffer.from("WEBP", "latin1"),
    riffChunk("VP8X", Buffer.concat([Buffer.from([0x02, 0, 0, 0]), u24(W - 1), u24(H - 1)])),
    riffChunk("ANIM", Buffer.alloc(6)),
    frame,
    frame,
  ]);
  const header = Buffer.alloc(8);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** The PNG with an acTL chunk after its header declaring two frames: an APNG, as far as any reader asks. */
function animatedPng(png: Buffer): Buffer {
  const chunk = Buffer.alloc(20);
  chunk.writeUInt32BE(8, 0);
  chunk.write("acTL", 4, "latin1");
  chunk.writeUInt32BE(2, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 16)), 16);
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}
