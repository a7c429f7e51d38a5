import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { batch, batchEvent, generationJob, image, tokenLedger, visualization } from "@/server/db/schema";
import { errorAnswer } from "@/server/http/error-answer";
import { EngineError, type Engine, type EngineInput } from "@/server/engines/engine";
import { createLocalStorage } from "@/server/storage/local-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { getBalance } from "@/server/tokens/get-balance";
import { grantTokens } from "@/server/tokens/grant-tokens";
import type { BatchEvent } from "@/schemas/generation";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { claimJobs } from "./claim-jobs";
import { parseInput } from "@/server/parse-input";
import { createBatchSchema } from "@/schemas/generation";
import { listDesignBatches } from "./list-design-batches";
import { releaseOrphans } from "@/server/jobs/release-orphans";
import { claimFollowUps, finishFollowUp } from "./finish-follow-ups";
import { storeFullSize } from "./store-full-size";
import { createBatch } from "./create-batch";
import { getImageFile } from "@/server/images/get-image-file";
import { runJob } from "./run-job";
import { startWorker, type Worker } from "./start-worker";
import { storeImage } from "@/server/images/store-image";
import { streamBatchEvents } from "./stream-batch-events";
import { sweepExpired } from "./sweep-expired";

const fastRetry = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

/** A scripted engine: `plan(style, attempt)` decides what each call does; records calls and overlap. */
function scriptedEngine(plan: (input: EngineInput, attempt: number) => Promise<Buffer>, concurrency = 4) {
  const attempts = new Map<string, number>();
  const state = { calls: 0, running: 0, maxRunning: 0 };
  const engine: Engine = {
    id: "test",
    concurrency,
    async generate(input) {
      const attempt = (attempts.get(input.styleId!) ?? 0) + 1;
      attempts.set(input.styleId!, attempt);
      state.calls++;
      state.running++;
      state.maxRunning = Math.max(state.maxRunning, state.running);
      try {
        return { image: await plan(input, attempt) };
      } finally {
        state.running--;
      }
    },
  };
  return { engine, state, attempts };
}

const tinted = (input: EngineInput) => sharp(input.image).tint("#c08040").webp().toBuffer();
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

describe.each(testDatabases())("generation pipeline on $name", ({ open }) => {
  let handle: Handle;
  let storage: ImageStorage;
  let dir: string;
  let photo: Buffer;
  const workers: Worker[] = [];

  beforeAll(async () => {
    handle = await open();
    dir = mkdtempSync(path.join(tmpdir(), "aranzer-gen-"));
    storage = createLocalStorage(dir);
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8090a0" } }).webp().toBuffer();
  });
  // Each test owns the queue: jobs that earlier tests left queued on purpose would be claimed here.
  beforeEach(async () => {
    await handle.db.delete(generationJob);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop({ graceMs: 1000 })));
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function userWithPhoto(tokens: number) {
    const userId = await insertUser(handle);
    if (tokens > 0) await grantTokens({ db: handle.db, userId, amount: tokens, kind: "grant", idempotencyKey: `g:${userId}` });
    const upload = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: photo, width: 64, height: 48, contentType: "image/webp" });
    return { userId, imageId: upload.id };
  }

  function generate(userId: string, imageId: string, styles: string[], requestId = randomUUID()) {
    return createBatch({ db: handle.db, storage, userId, engineId: "fake", request: parseInput(createBatchSchema, { source: { type: "image", imageId }, roomType: "bedroom", styles, requestId }) });
  }

  function worker(engine: Engine, options: Partial<Parameters<typeof startWorker>[0]> = {}) {
    const w = startWorker({ db: handle.db, storage, engine, pollMs: 20, retry: fastRetry, sweepEveryMs: 3_600_000, ...options });
    workers.push(w);
    return w;
  }

  /**
   * One style answered as a hosted engine answers (a PNG at half the photo's size, as adirik/interior-design
   * sends back the size it was sent), run until its result is shown; the work after that (its JPEG at the
   * photo's size, its check) waits for `releaseAfterWork`, or never runs with `afterWork: "never"` (a stopped process).
   */
  async function answerShown(options: { afterWork: "held" | "never" }) {
    const { userId, imageId } = await userWithPhoto(1);
    const { engine } = scriptedEngine(async (input) => sharp(input.image).resize(32, 24).tint("#c08040").png().toBuffer());
    const { batch } = await generate(userId, imageId, ["modern"]);
    const [claimed] = await claimJobs({ db: handle.db, limit: 1, leaseMs: 60_000 });
    // Not a listing's batch: no reference group, so the job reads nothing more before its engine call.
    expect(claimed!.referenceGroup).toBeNull();
    let releaseAfterWork = () => {};
    const afterWorkHeld = new Promise<void>((resolve) => (releaseAfterWork = resolve));
    const checks = {
      beginStore: () => () => {},
      check: <T,>(work: () => Promise<T>) => (options.afterWork === "held" ? afterWorkHeld.then(work) : new Promise<T>(() => {})),
    };
    const running = runJob({ db: handle.db, storage, engine: { ...engine, id: "openai" }, job: claimed!, checks, stopSignal: new AbortController().signal, retry: fastRetry });
    await waitFor(allFinal(batch.id));
    const { result } = (await events(batch.id)).find((e) => e.type === "succeeded") as Extract<BatchEvent, { type: "succeeded" }>;
    return { userId, batch, claimed: claimed!, result, running, releaseAfterWork };
  }

  /** A stored result whose row points at an engine's answer (a 32 × 24 PNG), as before its JPEG replaces it. */
  async function resultShownAsAnswer() {
    const userId = await insertUser(handle);
    const answer = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#806040" } }).png().toBuffer();
    const stored = await storeImage({ db: handle.db, storage, userId, kind: "result", data: answer, width: 32, height: 24, contentType: "image/png" });
    const answerKey = `results/${stored.id}.answer.png`;
    await storage.put(answerKey, answer, "image/png");
    await storage.delete(stored.storageKey);
    await handle.db.update(image).set({ storageKey: answerKey }).where(eq(image.id, stored.id));
    return { userId, answer, row: { ...stored, storageKey: answerKey }, answerKey };
  }

  async function events(batchId: string): Promise<BatchEvent[]> {
    const rows = await handle.db.select().from(batchEvent).where(eq(batchEvent.batchId, batchId)).orderBy(batchEvent.seq);
    return rows.map((r) => r.payload as BatchEvent);
  }

  async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error("timed out waiting");
      await sleep(20);
    }
  }

  const allFinal = (batchId: string) => async () => {
    const rows = await handle.db.select({ status: visualization.status }).from(visualization).where(eq(visualization.batchId, batchId));
    return rows.every((r) => r.status === "succeeded" || r.status === "failed");
  };

  it("spends the tokens and queues one job per style in one step; a retried click spends nothing", async () => {
    const { userId, imageId } = await userWithPhoto(5);
    const requestId = randomUUID();
    const first = await generate(userId, imageId, ["modern", "scandinavian", "industrial"], requestId);
    expect(first.balance).toBe(2);
    expect(first.batch.visualizations.map((v) => [v.styleId, v.status])).toEqual([
      ["modern", "queued"],
      ["scandinavian", "queued"],
      ["industrial", "queued"],
    ]);
    const jobs = await handle.db.select().from(generationJob).innerJoin(visualization, eq(visualization.id, generationJob.visualizationId)).where(eq(visualization.batchId, first.batch.id));
    expect(jobs).toHaveLength(3);
    expect((await events(first.batch.id)).map((e) => [e.seq, e.type])).toEqual([
      [1, "queued"],
      [2, "queued"],
      [3, "queued"],
    ]);
    const again = await generate(userId, imageId, ["modern", "scandinavian", "industrial"], requestId);
    expect(again.batch.id).toBe(first.batch.id);
    expect(await getBalance({ db: handle.db, userId })).toBe(2);
    // The same requestId for another photo, or with other styles, is not that click: refused, nothing spent or
    // queued, rather than answered with the first batch.
    const other = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: photo, width: 64, height: 48, contentType: "image/webp" });
    const reused = { code: "IDEMPOTENCY_KEY_REUSED", status: 422, details: { reason: "requestReused" } };
    await expect(generate(userId, other.id, ["modern", "scandinavian", "industrial"], requestId)).rejects.toMatchObject(reused);
    await expect(generate(userId, imageId, ["modern"], requestId)).rejects.toMatchObject(reused);
    expect(await getBalance({ db: handle.db, userId })).toBe(2);
    expect(await handle.db.select().from(batch).where(eq(batch.userId, userId))).toHaveLength(1);
    // Said in the person's language.
    const refused = await generate(userId, other.id, ["modern"], requestId).catch((error: unknown) => error);
    expect(errorAnswer(refused, { locale: "pl", context: "test" }).message).toMatch(/^To żądanie zostało już wysłane dla innego zdjęcia/);
  });

  it("refuses a short balance with the balance and the attempted amount, and creates nothing", async () => {
    const { userId, imageId } = await userWithPhoto(2);
    await expect(generate(userId, imageId, ["modern", "boho", "zen"])).rejects.toMatchObject({ code: "INSUFFICIENT_TOKENS", details: { balance: 2, attempted: 3 } });
    expect(await handle.db.select().from(visualization).where(eq(visualization.userId, userId))).toHaveLength(0);
    expect(await getBalance({ db: handle.db, userId })).toBe(2);
  });

  it("lets 20 concurrent Generates spend exactly a balance of 5", async () => {
    const { userId, imageId } = await userWithPhoto(5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => generate(userId, imageId, ["modern"])));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "INSUFFICIENT_TOKENS" });
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    expect(await handle.db.select().from(visualization).where(eq(visualization.userId, userId))).toHaveLength(5);
  });

  it("refuses another user's image and unknown styles", async () => {
    const owner = await userWithPhoto(3);
    const other = await userWithPhoto(3);
    await expect(generate(other.userId, owner.imageId, ["modern"])).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(generate(owner.userId, owner.imageId, ["no-such-style"])).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(getImageFile({ db: handle.db, storage, userId: other.userId, imageId: owner.imageId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await getBalance({ db: handle.db, userId: other.userId })).toBe(3);
  });

  it("runs the styles of a batch in parallel and streams each result", async () => {
    const { userId, imageId } = await userWithPhoto(4);
    const { engine, state } = scriptedEngine(async (input) => {
      input.onProgress(0.5);
      await sleep(80);
      return tinted(input);
    });
    const { batch } = await generate(userId, imageId, ["modern", "boho", "zen"]);
    const shownAgain = async (id: string) => (await listDesignBatches({ db: handle.db, userId: id })).map((b) => b.id);
    // Being made: the design page shows it again to someone who comes back to it (nobody else).
    expect(await shownAgain(userId)).toEqual([batch.id]);
    expect(await shownAgain((await userWithPhoto(0)).userId)).toEqual([]);
    const w = worker(engine);
    await waitFor(allFinal(batch.id));
    await w.stop();
    // Finished and the newest: a reload keeps its results on the design page.
    expect(await shownAgain(userId)).toEqual([batch.id]);
    expect(state.maxRunning).toBe(3);
    // Finished jobs are done, not left running for their lease to expire and be claimed again.
    const jobs = await handle.db.select({ state: generationJob.state }).from(generationJob).innerJoin(visualization, eq(visualization.id, generationJob.visualizationId)).where(eq(visualization.batchId, batch.id));
    expect(jobs.map((j) => j.state)).toEqual(["done", "done", "done"]);
    const list = await events(batch.id);
    expect(list.filter((e) => e.type === "succeeded")).toHaveLength(3);
    expect(list.map((e) => e.seq)).toEqual(list.map((_, i) => i + 1));
    const succeeded = list.find((e) => e.type === "succeeded") as Extract<BatchEvent, { type: "succeeded" }>;
    const file = await getImageFile({ db: handle.db, storage, userId, imageId: succeeded.result.id });
    expect((await sharp(file.data).metadata()).format).toBe("jpeg");
    expect(await getBalance({ db: handle.db, userId })).toBe(1);
    // A newer batch takes its place there; the finished one stays on /generations.
    const { batch: next } = await generate(userId, imageId, ["modern"]);
    expect(await shownAgain(userId)).toEqual([next.id]);
  });

  it("stores, and so hands out for download, an AI engine's result marked compositeWithTrainedAlgorithmicMedia and a local preview algorithmicallyEnhanced", async () => {
    const sourceTypes: string[] = [];
    for (const engineId of ["openai", "local"]) {
      const { userId, imageId } = await userWithPhoto(1);
      const { engine } = scriptedEngine(async (input) => sharp(input.image).tint("#c08040").png().toBuffer());
      const { batch } = await generate(userId, imageId, ["modern"]);
      const w = worker({ ...engine, id: engineId });
      await waitFor(allFinal(batch.id));
      await w.stop();
      const succeeded = (await events(batch.id)).find((e) => e.type === "succeeded") as Extract<BatchEvent, { type: "succeeded" }>;
      // The download route answers these bytes as they are.
      const file = await getImageFile({ db: handle.db, storage, userId, imageId: succeeded.result.id });
      const xmp = (await sharp(file.data).metadata()).xmp?.toString("utf8") ?? "";
      sourceTypes.push(/<Iptc4xmpExt:DigitalSourceType>([^<]+)</.exec(xmp)?.[1] ?? "none");
    }
    expect(sourceTypes).toEqual([
      "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia",
      "http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicallyEnhanced",
    ]);
  });

  it("stores a display-size JPEG copy beside each result, served under the same owner check and hour, and swept with it", async () => {
    const userId = await insertUser(handle);
    await grantTokens({ db: handle.db, userId, amount: 1, kind: "grant", idempotencyKey: `g:${userId}` });
    const large = await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#8090a0" } }).webp().toBuffer();
    const upload = await storeImage({ db: handle.db, storage, userId, kind: "upload", data: large, width: 1000, height: 750, contentType: "image/webp" });
    const { engine } = scriptedEngine(async (input) => tinted(input));
    const { batch } = await generate(userId, upload.id, ["modern"]);
    const w = worker(engine);
    await waitFor(allFinal(batch.id));
    await w.stop();
    const { result } = (await events(batch.id)).find((e) => e.type === "succeeded") as Extract<BatchEvent, { type: "succeeded" }>;
    expect(result.display).toEqual({ url: `/api/images/${result.id}?size=display`, width: 768 });

    const shown = await getImageFile({ db: handle.db, storage, userId, imageId: result.id, display: true });
    expect(shown.contentType).toBe("image/jpeg");
    expect(await sharp(shown.data).metadata()).toMatchObject({ format: "jpeg", width: 768, height: 576 });
    expect((await sharp(shown.data).metadata()).xmp?.toString("utf8")).toMatch(/DigitalSourceType>http:\/\/cv\.iptc\.org/);
    const full = await getImageFile({ db: handle.db, storage, userId, imageId: result.id });
    expect(await sharp(full.data).metadata()).toMatchObject({ format: "jpeg", width: 1000, height: 750 });
    // An upload has no copy: asked for one, it answers the image itself.
    expect((await getImageFile({ db: handle.db, storage, userId, imageId: upload.id, display: true })).contentType).toBe("image/webp");

    const stranger = await insertUser(handle);
    await expect(getImageFile({ db: handle.db, storage, userId: stranger, imageId: result.id, display: true })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [row] = await handle.db.select().from(image).where(eq(image.id, result.id));
    const later = new Date(row!.expiresAt.getTime() + 1);
    await expect(getImageFile({ db: handle.db, storage, userId, imageId: result.id, display: true, now: later })).rejects.toMatchObject({ code: "GONE" });
    await sweepExpired({ db: handle.db, storage, now: later });
    expect(await storage.get(row!.storageKey)).toBeNull();
    expect(row!.displayKey).toBeTruthy();
    expect(await storage.get(row!.displayKey!)).toBeNull();
  });

  it("stores a hosted engine's answer as it came and shows it, then puts its JPEG at the photo's size in its place", async () => {
    const { userId, batch, result, running, releaseAfterWork } = await answerShown({ afterWork: "held" });

    // Shown: the answer (marked as a result), its display copy at the photo's proportions.
    expect(result).toMatchObject({ width: 32, height: 24, display: { width: 64 } });
    const [answerRow] = await handle.db.select().from(image).where(eq(image.id, result.id));
    expect(answerRow).toMatchObject({ storageKey: `results/${result.id}.answer.png`, contentType: "image/png", width: 32, height: 24 });
    const answer = await getImageFile({ db: handle.db, storage, userId, imageId: result.id });
    expect(await sharp(answer.data).metadata()).toMatchObject({ format: "png", width: 32, height: 24 });
    expect((await sharp(answer.data).metadata()).xmp?.toString("utf8")).toMatch(/compositeWithTrainedAlgorithmicMedia/);
    expect(await sharp((await getImageFile({ db: handle.db, storage, userId, imageId: result.id, display: true })).data).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });

    // Then, with the structure check, the JPEG at the photo's size replaces it.
    releaseAfterWork();
    expect(await running).toBe("succeeded");
    const [row] = await handle.db.select().from(image).where(eq(image.id, result.id));
    expect(row).toMatchObject({ storageKey: `results/${result.id}.jpg`, contentType: "image/jpeg", width: 64, height: 48 });
    const full = await getImageFile({ db: handle.db, storage, userId, imageId: result.id });
    expect(await sharp(full.data).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    expect((await sharp(full.data).metadata()).xmp?.toString("utf8")).toMatch(/compositeWithTrainedAlgorithmicMedia/);
    expect(await storage.get(answerRow!.storageKey)).toBeNull();
    const [vis] = await handle.db.select().from(visualization).where(eq(visualization.batchId, batch.id));
    expect(vis!.structureScore).not.toBeNull();
    // The batch's pages hear of it: the result at its new size, before its structure check.
    const later = await events(batch.id);
    const replaced = later.find((e) => e.type === "replaced");
    expect(replaced).toMatchObject({ visualizationId: vis!.id, result: { id: result.id, width: 64, height: 48 } });
    expect(replaced!.seq).toBeLessThan(later.find((e) => e.type === "scored")!.seq);
  });

  it("hands out an answer as interim (not to be cached), and the JPEG that replaced it even when the swap happens between reading the row and the file", async () => {
    const { userId, result, running, releaseAfterWork } = await answerShown({ afterWork: "held" });
    expect(await getImageFile({ db: handle.db, storage, userId, imageId: result.id })).toMatchObject({ contentType: "image/png", interim: true });
    expect(await getImageFile({ db: handle.db, storage, userId, imageId: result.id, display: true })).toMatchObject({ interim: false });

    // The swap completes after the row was read with the answer's key and before its file is read.
    const racing: ImageStorage = {
      ...storage,
      get: async (key) => {
        if (key.includes(".answer.")) {
          releaseAfterWork();
          await running;
        }
        return storage.get(key);
      },
    };
    const file = await getImageFile({ db: handle.db, storage: racing, userId, imageId: result.id });
    expect(file).toMatchObject({ contentType: "image/jpeg", interim: false });
    expect(await sharp(file.data).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
  });

  it("takes over the full-size JPEG and the structure check of a result whose worker stopped after showing it", async () => {
    // The process stops once the result is shown: its follow-ups never run.
    const { userId, batch, claimed, result } = await answerShown({ afterWork: "never" });
    // Its lease is held while it lives: nothing to take over yet.
    expect(await claimFollowUps({ db: handle.db, limit: 5, leaseMs: 60_000 })).toEqual([]);
    await handle.db.update(generationJob).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(generationJob.visualizationId, claimed.visualizationId));

    const followUps = await claimFollowUps({ db: handle.db, limit: 5, leaseMs: 60_000 });
    expect(followUps.map((f) => f.visualizationId)).toEqual([claimed.visualizationId]);
    // Claimed once: a second worker looking at the same moment finds nothing.
    expect(await claimFollowUps({ db: handle.db, limit: 5, leaseMs: 60_000 })).toEqual([]);
    await finishFollowUp({ db: handle.db, storage, followUp: followUps[0]! });

    const [row] = await handle.db.select().from(image).where(eq(image.id, result.id));
    expect(row).toMatchObject({ storageKey: `results/${result.id}.jpg`, contentType: "image/jpeg", width: 64, height: 48 });
    expect(await storage.get(`results/${result.id}.answer.png`)).toBeNull();
    const full = await getImageFile({ db: handle.db, storage, userId, imageId: result.id });
    expect(await sharp(full.data).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    const [vis] = await handle.db.select().from(visualization).where(eq(visualization.batchId, batch.id));
    expect(vis!.structureScore).toBeGreaterThan(0);
    expect((await events(batch.id)).some((e) => e.type === "scored" && e.visualizationId === vis!.id)).toBe(true);
    const [job] = await handle.db.select().from(generationJob).where(eq(generationJob.visualizationId, vis!.id));
    expect(job).toMatchObject({ state: "done", leaseUntil: null, claimToken: null });
  });

  it("hands a job left running by a process that died to the next one at once, on the embedded database", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { batch } = await generate(userId, imageId, ["modern"]);
    // Other tests' jobs share the database: only this batch's is looked at.
    const claimOurs = async () => (await claimJobs({ db: handle.db, limit: 100, leaseMs: 60_000 })).find((job) => job.batchId === batch.id);
    const claimed = await claimOurs();
    expect(claimed).toBeDefined();
    // Its lease would hold for a minute: nobody may take it over yet.
    expect(await claimOurs()).toBeUndefined();
    expect(await releaseOrphans({ db: handle.db, table: "generation_job", state: "state", lease: "lease_until" })).toBeGreaterThanOrEqual(1);
    const again = await claimOurs();
    expect(again?.visualizationId).toBe(claimed!.visualizationId);
    expect(again?.attempts).toBe(claimed!.attempts + 1);
  });

  it("ends a succeeded job's lease once its own worker has done its follow-ups", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { engine } = scriptedEngine(tinted);
    const { batch } = await generate(userId, imageId, ["modern"]);
    const [claimed] = await claimJobs({ db: handle.db, limit: 1, leaseMs: 60_000 });
    expect(await runJob({ db: handle.db, storage, engine, job: claimed!, stopSignal: new AbortController().signal, retry: fastRetry })).toBe("succeeded");
    const [vis] = await handle.db.select().from(visualization).where(eq(visualization.batchId, batch.id));
    expect(vis!.structureScore).not.toBeNull();
    const [job] = await handle.db.select().from(generationJob).where(eq(generationJob.visualizationId, vis!.id));
    expect(job).toMatchObject({ state: "done", leaseUntil: null, claimToken: null });
  });

  it("keeps the JPEG a second worker also made for a result another had already moved to it", async () => {
    const { userId, answer, row, answerKey } = await resultShownAsAnswer();
    const make = () => sharp(answer).resize(64, 48).jpeg().toBuffer();
    const swap = () => storeFullSize({ db: handle.db, storage, imageId: row.id, answerKey, make, ai: true, width: 64, height: 48 });
    expect(await swap()).toBe(true);
    expect(await swap()).toBe(false);
    const file = await getImageFile({ db: handle.db, storage, userId, imageId: row.id });
    expect(await sharp(file.data).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
  });

  it("sweeps an answer left in place by a process that stopped, with the JPEG it had written", async () => {
    const { answer, row, answerKey } = await resultShownAsAnswer();
    await storage.put(`results/${row.id}.jpg`, answer, "image/jpeg");
    await sweepExpired({ db: handle.db, storage, now: new Date(row.expiresAt.getTime() + 1) });
    expect(await storage.get(answerKey)).toBeNull();
    expect(await storage.get(`results/${row.id}.jpg`)).toBeNull();
  });

  it("retries transient failures with backoff, then succeeds without a refund", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { engine, attempts } = scriptedEngine(async (input, attempt) => {
      if (attempt <= 2) throw new EngineError("transient", "503 from provider", 10);
      return tinted(input);
    });
    const { batch } = await generate(userId, imageId, ["loft"]);
    const w = worker(engine);
    await waitFor(allFinal(batch.id));
    await w.stop();
    expect(attempts.get("loft")).toBe(3);
    const [vis] = await handle.db.select().from(visualization).where(eq(visualization.batchId, batch.id));
    expect(vis!.status).toBe("succeeded");
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
  });

  it("fails a refused input at once and refunds its token exactly once; a replayed claim changes nothing", async () => {
    const { userId, imageId } = await userWithPhoto(2);
    const { engine, attempts } = scriptedEngine(async () => {
      throw new EngineError("refused", "moderation_blocked");
    });
    const { batch } = await generate(userId, imageId, ["glamour"]);
    const [claimed] = await claimJobs({ db: handle.db, limit: 1, leaseMs: 60_000 });
    const stop = new AbortController().signal;
    expect(await runJob({ db: handle.db, storage, engine, job: claimed!, stopSignal: stop, retry: fastRetry })).toBe("failed");
    expect(await runJob({ db: handle.db, storage, engine, job: claimed!, stopSignal: stop, retry: fastRetry })).toBe("lost");
    expect(attempts.get("glamour")).toBe(1);
    const [vis] = await handle.db.select().from(visualization).where(eq(visualization.batchId, batch.id));
    expect([vis!.status, vis!.failureReason, vis!.refunded]).toEqual(["failed", "refused", true]);
    const refunds = await handle.db.select().from(tokenLedger).where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.kind, "refund")));
    expect(refunds).toHaveLength(1);
    expect(await getBalance({ db: handle.db, userId })).toBe(2);
    expect((await events(batch.id)).at(-1)).toMatchObject({ type: "failed", reason: "refused", refunded: true });
  });

  it("fails a moderated input at once with its own reason, refunded", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { engine, attempts } = scriptedEngine(async () => {
      throw new EngineError("moderated", "moderation_blocked");
    });
    const { batch } = await generate(userId, imageId, ["glamour"]);
    const w = worker(engine);
    await waitFor(allFinal(batch.id));
    await w.stop();
    expect(attempts.get("glamour")).toBe(1);
    expect((await events(batch.id)).at(-1)).toMatchObject({ type: "failed", reason: "moderation", refunded: true });
    expect(await getBalance({ db: handle.db, userId })).toBe(1);
  });

  it("fails after the last transient attempt, with one refund", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { engine, attempts } = scriptedEngine(async () => {
      throw new EngineError("transient", "429", 5);
    });
    const { batch } = await generate(userId, imageId, ["boho"]);
    const w = worker(engine);
    await waitFor(allFinal(batch.id));
    await w.stop();
    expect(attempts.get("boho")).toBe(fastRetry.maxAttempts);
    const [vis] = await handle.db.select().from(visualization).where(eq(visualization.batchId, batch.id));
    expect([vis!.status, vis!.failureReason]).toEqual(["failed", "provider"]);
    expect(await getBalance({ db: handle.db, userId })).toBe(1);
  });

  it("takes a job again when its worker's lease ran out, and fences the late worker", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { batch } = await generate(userId, imageId, ["zen"]);
    // A worker that claimed the job and died: its lease runs out.
    const [abandoned] = await claimJobs({ db: handle.db, limit: 10, leaseMs: 60_000 });
    expect(abandoned).toBeDefined();
    expect(await claimJobs({ db: handle.db, limit: 10, leaseMs: 60_000 })).toHaveLength(0);
    // The lease runs out (set back rather than waited for, so a slow host cannot end it early).
    await handle.db.update(generationJob).set({ leaseUntil: new Date(Date.now() - 1000) }).where(eq(generationJob.visualizationId, abandoned!.visualizationId));
    const { engine } = scriptedEngine(tinted);
    const w = worker(engine);
    await waitFor(allFinal(batch.id));
    await w.stop();
    const late = await runJob({ db: handle.db, storage, engine, job: abandoned!, stopSignal: new AbortController().signal, retry: fastRetry });
    expect(late).toBe("lost");
    const succeeded = (await events(batch.id)).filter((e) => e.type === "succeeded");
    expect(succeeded).toHaveLength(1);
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
  });

  it("loses nothing when the worker stops in the middle of a batch and another starts", async () => {
    const { userId, imageId } = await userWithPhoto(4);
    const slow = scriptedEngine(async (input) => {
      await sleep(150, input.signal);
      return tinted(input);
    }, 2);
    const { batch } = await generate(userId, imageId, ["modern", "boho", "zen", "loft"]);
    const first = worker(slow.engine);
    await waitFor(async () => (await events(batch.id)).some((e) => e.type === "succeeded"));
    await first.stop();
    const { engine } = scriptedEngine(tinted);
    const second = worker(engine);
    await waitFor(allFinal(batch.id));
    await second.stop();
    const rows = await handle.db.select().from(visualization).where(eq(visualization.batchId, batch.id));
    expect(rows.every((r) => r.status === "succeeded")).toBe(true);
    const list = await events(batch.id);
    for (const row of rows) expect(list.filter((e) => e.type === "succeeded" && e.visualizationId === row.id)).toHaveLength(1);
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    expect(await handle.db.select().from(tokenLedger).where(and(eq(tokenLedger.userId, userId), eq(tokenLedger.kind, "refund")))).toHaveLength(0);
  });

  it("streams a batch's events, resumes after Last-Event-ID and ends when every style is final and checked", async () => {
    const { userId, imageId } = await userWithPhoto(2);
    const { engine } = scriptedEngine(async (input) => {
      await sleep(50);
      return tinted(input);
    });
    const { batch } = await generate(userId, imageId, ["modern", "boho"]);
    const w = worker(engine);
    const read = async (afterSeq: number) => {
      const text = await new Response(streamBatchEvents({ db: handle.db, batchId: batch.id, afterSeq, signal: new AbortController().signal, pollMs: 50 })).text();
      return text
        .split("\n\n")
        .filter((block) => block.startsWith("id: "))
        .map((block) => JSON.parse(block.split("\n")[1]!.slice("data: ".length)) as BatchEvent);
    };
    const all = await read(0);
    await w.stop();
    // Each result's structure check comes after it, and the stream waits for it.
    // The engine answered WebP: each result's JPEG replaced it, before its check.
    expect(all.map((e) => e.type).filter((t) => t !== "running").sort()).toEqual(["queued", "queued", "replaced", "replaced", "scored", "scored", "succeeded", "succeeded"]);
    const resumed = await read(2);
    expect(resumed.map((e) => e.seq)).toEqual(all.filter((e) => e.seq > 2).map((e) => e.seq));
  });

  it("times out an engine that ignores its signal and retries it", async () => {
    const { userId, imageId } = await userWithPhoto(1);
    const { engine, attempts } = scriptedEngine(async (input, attempt) => (attempt === 1 ? new Promise<Buffer>(() => {}) : tinted(input)));
    const { batch } = await generate(userId, imageId, ["rustic"]);
    const w = worker(engine, { timeoutMs: 1_000 });
    await waitFor(allFinal(batch.id));
    await w.stop();
    expect(attempts.get("rustic")).toBe(2);
    const [vis] = await handle.db.select().from(visualization).where(eq(visualization.batchId, batch.id));
    expect(vis!.status).toBe("succeeded");
  });

  it("gives back the tokens of a batch that never ran before its hour ended", async () => {
    const { userId, imageId } = await userWithPhoto(2);
    const { batch } = await generate(userId, imageId, ["modern", "zen"]);
    expect(await getBalance({ db: handle.db, userId })).toBe(0);
    await sweepExpired({ db: handle.db, storage, now: new Date(Date.parse(batch.expiresAt) + 1) });
    expect(await getBalance({ db: handle.db, userId })).toBe(2);
    expect(await handle.db.select().from(visualization).where(eq(visualization.batchId, batch.id))).toHaveLength(0);
  });

  it("answers GONE after an image's hour and the sweeper deletes rows and files", async () => {
    const { userId, imageId } = await userWithPhoto(0);
    const [row] = await handle.db.select().from(image).where(eq(image.id, imageId));
    const later = new Date(row!.expiresAt.getTime() + 1);
    await expect(getImageFile({ db: handle.db, storage, userId, imageId, now: later })).rejects.toMatchObject({ code: "GONE" });
    await sweepExpired({ db: handle.db, storage, now: later });
    expect(await handle.db.select().from(image).where(eq(image.id, imageId))).toHaveLength(0);
    expect(await storage.get(row!.storageKey)).toBeNull();
  });
});
