import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HD_MIN_LONG_SIDE } from "@/config/listings";
import type { Handle } from "@/server/db/client";
import type { Engine } from "@/server/engines/engine";
import { plainUpscale } from "@/server/engines/plain-upscale";
import { storeImage } from "@/server/images/store-image";
import { parseInput } from "@/server/parse-input";
import { createLocalStorage } from "@/server/storage/local-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { getBalance } from "@/server/tokens/get-balance";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { createBatchSchema } from "@/schemas/generation";
import { insertUser, testDatabases } from "~/tests/support/databases";
import { followBatch } from "~/tests/support/follow-batch";
import { claimJobs } from "./claim-jobs";
import { claimResultHdOrders } from "./claim-result-hd-orders";
import { createBatch } from "./create-batch";
import { getBatch } from "./get-batch";
import { getResultHd } from "./get-result-hd";
import { makeResultHd } from "./make-result-hd";
import { orderResultHd } from "./order-result-hd";
import { runJob } from "./run-job";

const W = 480;
const H = 320;

/** An engine that answers a flat room-coloured picture at the photo's size. */
const flat: Engine = {
  id: "test",
  concurrency: 4,
  async generate() {
    return { image: await sharp({ create: { width: W, height: H, channels: 3, background: "#d8d0c0" } }).png().toBuffer() };
  },
};

describe.each(testDatabases())("a single result's 4K copy on $name", ({ open }) => {
  let handle: Handle;
  let storage: ImageStorage;
  let dir: string;

  beforeAll(async () => {
    handle = await open();
    dir = mkdtempSync(path.join(tmpdir(), "aranzer-result-hd-"));
    storage = createLocalStorage(dir);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A person with `tokens` and one finished result. */
  async function withResult(tokens: number) {
    const db = handle.db;
    const userId = await insertUser(handle);
    await grantTokens({ db, userId, amount: tokens, kind: "grant", idempotencyKey: `g:${userId}` });
    const photo = await sharp({ create: { width: W, height: H, channels: 3, background: "#8090a0" } }).webp().toBuffer();
    const upload = await storeImage({ db, storage, userId, kind: "upload", data: photo, width: W, height: H, contentType: "image/webp" });
    const request = parseInput(createBatchSchema, { source: { type: "image", imageId: upload.id }, roomType: "bedroom", styles: ["modern"], requestId: randomUUID() });
    const { batch } = await createBatch({ db, userId, request, engineId: "fake", storage });
    const [job] = await claimJobs({ db, limit: 1, leaseMs: 30_000 });
    await runJob({ db, storage, engine: flat, job: job!, stopSignal: new AbortController().signal, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    return { userId, visualizationId: batch.visualizations[0]!.id, batchId: batch.id };
  }

  const next = async () => (await claimResultHdOrders({ db: handle.db, limit: 1 }))[0];

  it("costs one token per order (ordering again costs nothing), is made by the worker at ≥ 3840 px, and only for its owner", async () => {
    const db = handle.db;
    const { userId, visualizationId } = await withResult(3);
    expect(await getBalance({ db, userId })).toBe(2);
    const stranger = await insertUser(handle);
    await expect(orderResultHd({ db, userId: stranger, visualizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getResultHd({ db, userId: stranger, visualizationId })).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect(await orderResultHd({ db, userId, visualizationId })).toEqual({ state: "queued", balance: 1 });
    expect(await orderResultHd({ db, userId, visualizationId })).toEqual({ state: "queued", balance: null });
    expect(await getBalance({ db, userId })).toBe(1);
    const order = await next();
    expect(order).toMatchObject({ id: visualizationId, user_id: userId, hd_attempt: 1 });
    // The local engine has no upscaler: the plain resampling.
    expect(await makeResultHd({ db, storage, engine: { id: "local" }, order: order! })).toEqual({ visualizationId, outcome: "made" });
    const made = await getResultHd({ db, userId, visualizationId });
    expect(made.state).toBe("ready");
    expect(Math.max(made.hd!.width, made.hd!.height)).toBeGreaterThanOrEqual(HD_MIN_LONG_SIDE);
    expect(made.hd!.width / made.hd!.height).toBeCloseTo(W / H, 2);
    expect(await orderResultHd({ db, userId, visualizationId })).toEqual({ state: "ready", balance: null });
    expect(await getBalance({ db, userId })).toBe(1);
    expect(await next()).toBeUndefined();
  });

  it("spends one token for orders placed at once (two tabs, a double click), and the batch a page loads later says where the order stands", async () => {
    const db = handle.db;
    const { userId, visualizationId, batchId } = await withResult(4);
    const hdStateOf = async () => (await getBatch({ db, userId, batchId })).visualizations[0]!.hdState;
    expect(await hdStateOf()).toBeNull();
    const answers = await Promise.all([1, 2, 3].map(() => orderResultHd({ db, userId, visualizationId })));
    expect(answers.map((a) => a.state)).toEqual(["queued", "queued", "queued"]);
    expect(answers.filter((a) => a.balance !== null)).toEqual([{ state: "queued", balance: 2 }]);
    expect(await getBalance({ db, userId })).toBe(2);
    expect(await hdStateOf()).toBe("queued");
    const order = await next();
    expect(await hdStateOf()).toBe("running");
    await makeResultHd({ db, storage, engine: { id: "local" }, order: order! });
    expect(await hdStateOf()).toBe("ready");
    expect(await orderResultHd({ db, userId, visualizationId })).toEqual({ state: "ready", balance: null });
    expect(await getBalance({ db, userId })).toBe(2);
  });

  it("gives the token back when the upscale fails, and may be ordered again; the batch's stream stays open while a copy is made and carries each order's end", async () => {
    const db = handle.db;
    const { userId, visualizationId, batchId } = await withResult(3);
    const followHd = async () => {
      const { done, events } = await followBatch(db, batchId);
      return { done, hd: events.filter((e) => e.type === "hd") };
    };
    expect(await followHd()).toEqual({ done: true, hd: [] });
    await orderResultHd({ db, userId, visualizationId });
    expect(await followHd()).toEqual({ done: false, hd: [] });
    const failing = { id: "test", upscale: async () => Promise.reject(new Error("upscaler down")) };
    expect(await makeResultHd({ db, storage, engine: failing, order: (await next())! })).toEqual({ visualizationId, outcome: "failed" });
    expect(await followHd()).toEqual({ done: true, hd: [{ type: "hd", seq: expect.any(Number), visualizationId, state: "failed" }] });
    expect(await getResultHd({ db, userId, visualizationId })).toEqual({ state: "failed", hd: null });
    expect(await getBalance({ db, userId })).toBe(2);
    expect(await orderResultHd({ db, userId, visualizationId })).toEqual({ state: "queued", balance: 1 });
    expect(await makeResultHd({ db, storage, engine: { id: "test", upscale: plainUpscale }, order: (await next())! })).toMatchObject({ outcome: "made" });
    expect((await followHd()).hd.map((e) => e.type === "hd" && e.state)).toEqual(["failed", "ready"]);
  });
});
