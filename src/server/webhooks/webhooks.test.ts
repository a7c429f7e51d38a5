import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handle } from "@/server/db/client";
import { createBatchSchema } from "@/schemas/generation";
import { generateListingSchema } from "@/schemas/listings";
import { createVisualizationSchema, generateListingApiSchema } from "@/schemas/public-api";
import { batch, generationJob, listingPhoto, tokenLedger, visualization, webhookDelivery, webhookEndpoint } from "@/server/db/schema";
import { claimJobs } from "@/server/generation/claim-jobs";
import { createBatch } from "@/server/generation/create-batch";
import { orderResultHd } from "@/server/generation/order-result-hd";
import { addListingPhotos } from "@/server/listings/add-listing-photos";
import { chooseListingResult } from "@/server/listings/choose-listing-result";
import { createListing } from "@/server/listings/create-listing";
import { generateListing } from "@/server/listings/generate-listing";
import { orderHdCopy } from "@/server/listings/order-hd-copy";
import { grantTokens } from "@/server/tokens/grant-tokens";
import { startHdWorker } from "@/server/listings/start-hd-worker";
import { parseInput } from "@/server/parse-input";
import { startListingGeneration } from "@/server/public-api/start-listing-generation";
import { authenticateApiKey } from "@/server/api-keys/authenticate-api-key";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { createLocalEngine } from "@/server/engines/local-engine";
import { isAppError } from "@/server/errors";
import { startWorker } from "@/server/generation/start-worker";
import { storeImage } from "@/server/images/store-image";
import { getApiResultHd } from "@/server/public-api/get-api-result-hd";
import { orderApiResultHd } from "@/server/public-api/order-api-result-hd";
import { startVisualization } from "@/server/public-api/start-visualization";
import { createLocalStorage } from "@/server/storage/local-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { insertUser, installDatabase, testDatabases } from "~/tests/support/databases";
import { collectWebhookEvents } from "./collect-webhook-events";
import { createWebhookEndpoint } from "./create-webhook-endpoint";
import { deliverDueWebhooks } from "./deliver-due-webhooks";
import { startWebhookWorker } from "./start-webhook-worker";
import { sendTestWebhook } from "./send-test-webhook";
import { verifyWebhookSignature } from "./sign-webhook";

type Received = { path: string; body: string; signature: string | null };

describe("API work and its webhooks on pglite", () => {
  let handle: Handle;
  let storage: ImageStorage;
  let dir: string;
  const received: Received[] = [];
  let answer: (path: string, response: ServerResponse) => void = (_path, response) => response.end("ok");
  const receiver = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      received.push({ path: request.url ?? "", body: Buffer.concat(chunks).toString("utf8"), signature: request.headers["aranzer-signature"] as string | null });
      answer(request.url ?? "", response);
    });
  });
  const receiverUrl = (p: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${p}`;

  beforeAll(async () => {
    handle = await testDatabases()[0]!.open();
    installDatabase(handle);
    dir = mkdtempSync(path.join(tmpdir(), "aranzer-api-"));
    storage = createLocalStorage(dir);
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function ownerWithPhoto() {
    const ownerId = await insertUser(handle);
    const photo = await sharp({ create: { width: 96, height: 72, channels: 3, background: "#8090a0" } }).webp().toBuffer();
    const upload = await storeImage({ db: handle.db, storage, userId: ownerId, kind: "upload", data: photo, width: 96, height: 72, contentType: "image/webp" });
    return { ownerId, imageId: upload.id };
  }
  async function caller(ownerId: string, mode: "live" | "test", concurrency: number | null = null) {
    const { secret } = await createApiKey({ db: handle.db, ownerId, input: { name: mode, mode, scopes: ["read", "generate"], concurrency } });
    return authenticateApiKey({ db: handle.db, authorization: `Bearer ${secret}`, scope: "generate", clientAddress: "203.0.113.1" });
  }
  const restyle = (imageId: string, styles = ["japandi"]) => parseInput(createVisualizationSchema, { source: { type: "image", imageId }, roomType: "living-room", mode: "restyle", styles });
  const jobsOf = async (ownerId: string) =>
    (await claimJobs({ db: handle.db, limit: 100, leaseMs: 60_000 })).filter((job) => job.userId === ownerId).map((job) => job.batchId);

  it("runs a test key's visualization on the local engine for free and tells a test endpoint, signed", async () => {
    const { ownerId, imageId } = await ownerWithPhoto();
    const endpoint = await createWebhookEndpoint({ db: handle.db, ownerId, url: receiverUrl("/hook"), mode: "test" });
    const made = await startVisualization({ db: handle.db, caller: await caller(ownerId, "test"), request: restyle(imageId), requestId: randomUUID() });
    expect(made).toMatchObject({ cost: 0, balance: 0, visualization: { test: true, engine: "local", status: "queued" } });
    expect(await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, ownerId))).toEqual([]);

    const worker = startWorker({ db: handle.db, storage, engine: createLocalEngine(), pollMs: 20, sweepEveryMs: 3_600_000 });
    await worker.idle();
    await worker.stop({ graceMs: 1000 });
    expect((await handle.db.select({ free: batch.free }).from(batch).where(eq(batch.id, made.visualization.id)))[0]!.free).toBe(true);

    expect(await collectWebhookEvents({ db: handle.db })).toBe(2);
    expect(await collectWebhookEvents({ db: handle.db })).toBe(0);
    await deliverDueWebhooks({ db: handle.db, timeoutMs: 2000 });
    const events = received.filter((r) => r.path === "/hook").map((r) => {
      expect(verifyWebhookSignature({ secret: endpoint.secret, body: r.body, header: r.signature })).toBe(true);
      return JSON.parse(r.body) as { type: string; test: boolean; data: Record<string, unknown> };
    });
    expect(events.map((e) => e.type).sort()).toEqual(["result.ready", "visualization.finished"]);
    expect(events.every((e) => e.test)).toBe(true);
    expect(events.find((e) => e.type === "visualization.finished")!.data.visualization).toMatchObject({ id: made.visualization.id, status: "succeeded" });
    expect(await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, ownerId))).toEqual([]);
  });

  it("tells an endpoint from the job runner alone: the webhook worker collects the batch's news and delivers it", async () => {
    const { ownerId, imageId } = await ownerWithPhoto();
    await createWebhookEndpoint({ db: handle.db, ownerId, url: receiverUrl("/runner"), mode: "test" });
    const made = await startVisualization({ db: handle.db, caller: await caller(ownerId, "test"), request: restyle(imageId), requestId: randomUUID() });
    const generation = startWorker({ db: handle.db, storage, engine: createLocalEngine(), pollMs: 20, sweepEveryMs: 3_600_000 });
    const webhooks = startWebhookWorker({ db: handle.db, everyMs: 20, timeoutMs: 2000 });
    try {
      await expect.poll(() => received.filter((r) => r.path === "/runner").length, { timeout: 10_000 }).toBe(2);
    } finally {
      await Promise.all([generation.stop({ graceMs: 1000 }), webhooks.stop({ graceMs: 1000 })]);
    }
    const told = received.filter((r) => r.path === "/runner").map((r) => JSON.parse(r.body) as { type: string; data: { visualization?: { id: string } } });
    expect(told.map((e) => e.type).sort()).toEqual(["result.ready", "visualization.finished"]);
    expect(told.find((e) => e.type === "visualization.finished")!.data.visualization).toMatchObject({ id: made.visualization.id });
  });

  it("refuses a live key without tokens, spending and queuing nothing", async () => {
    const { ownerId, imageId } = await ownerWithPhoto();
    const refused = await startVisualization({ db: handle.db, caller: await caller(ownerId, "live"), request: restyle(imageId), requestId: randomUUID() }).catch((e: unknown) => e);
    expect(isAppError(refused, "INSUFFICIENT_TOKENS")).toBe(true);
    expect(await handle.db.select().from(batch).where(eq(batch.userId, ownerId))).toEqual([]);
  });

  it("queues a key's work and runs it at the key's concurrency, leaving its owner's website work free", async () => {
    const { ownerId, imageId } = await ownerWithPhoto();
    const limited = await caller(ownerId, "test", 1);
    const first = await startVisualization({ db: handle.db, caller: limited, request: restyle(imageId, ["japandi", "modern"]), requestId: randomUUID() });
    const second = await startVisualization({ db: handle.db, caller: limited, request: restyle(imageId), requestId: randomUUID() });
    expect(second.visualization.status).toBe("queued");
    expect(await jobsOf(ownerId)).toEqual([first.visualization.id]);
    expect(await jobsOf(ownerId)).toEqual([]);
    const website = await createBatch({ db: handle.db, storage, userId: ownerId, engineId: "local", free: true, request: parseInput(createBatchSchema, { ...restyle(imageId), requestId: randomUUID() }) });
    expect(await jobsOf(ownerId)).toEqual([website.batch.id]);
    await handle.db.delete(generationJob).where(inArray(generationJob.visualizationId, [...first.visualization.results, ...second.visualization.results].map((r) => r.id)));
  });

  it("generates a whole listing and its HD copy with a test key, spending nothing", async () => {
    const { ownerId, imageId } = await ownerWithPhoto();
    const key = await caller(ownerId, "test");
    const listing = await createListing({ db: handle.db, userId: ownerId, name: "Test listing" });
    await addListingPhotos({ db: handle.db, userId: ownerId, listingId: listing.id, sources: [{ type: "image", imageId }], roomType: "living-room" });
    const made = await startListingGeneration({ db: handle.db, caller: key, listingId: listing.id, request: parseInput(generateListingApiSchema, { mode: "restyle", styles: ["japandi"], variations: 1 }), requestId: randomUUID() });
    expect(made).toMatchObject({ cost: 0, balance: 0 });
    expect(await handle.db.select({ free: batch.free, engine: batch.engine }).from(batch).where(inArray(batch.id, made.visualizationIds))).toEqual([{ free: true, engine: "local" }]);
    const worker = startWorker({ db: handle.db, storage, engine: createLocalEngine(), pollMs: 20, sweepEveryMs: 3_600_000 });
    await worker.idle();
    await worker.stop({ graceMs: 1000 });
    const [photo] = await handle.db.select().from(listingPhoto).where(eq(listingPhoto.listingId, listing.id));
    const [result] = await handle.db.select({ id: visualization.id }).from(visualization).where(and(eq(visualization.batchId, made.visualizationIds[0]!), eq(visualization.status, "succeeded")));
    await chooseListingResult({ db: handle.db, userId: ownerId, listingId: listing.id, photoId: photo!.id, visualizationId: result!.id });

    expect(await orderHdCopy({ db: handle.db, userId: ownerId, listingId: listing.id, photoId: photo!.id, free: true })).toEqual({ state: "queued", balance: 0 });
    const upscale = () => Promise.reject(new Error("an AI upscale for a test key"));
    const hd = startHdWorker({ db: handle.db, storage, engine: { id: "replicate", upscale }, pollMs: 20 });
    await hd.idle();
    await hd.stop({ graceMs: 1000 });
    const [after] = await handle.db.select().from(listingPhoto).where(eq(listingPhoto.id, photo!.id));
    expect(after).toMatchObject({ hdState: null, hdFree: true });
    expect(after!.hdImageId).not.toBeNull();
    expect(await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, ownerId))).toEqual([]);
  });

  it("orders a result's 4K copy through the API: a test key's free and plain, told once by hd.ready; a live key's one token, once; a test key cannot order a live result's", async () => {
    const { ownerId, imageId } = await ownerWithPhoto();
    await createWebhookEndpoint({ db: handle.db, ownerId, url: receiverUrl("/hd"), mode: "test" });
    const testKey = await caller(ownerId, "test");
    const liveKey = await caller(ownerId, "live");
    await grantTokens({ db: handle.db, userId: ownerId, amount: 5, kind: "grant", idempotencyKey: `g:${ownerId}` });
    const tested = await startVisualization({ db: handle.db, caller: testKey, request: restyle(imageId), requestId: randomUUID() });
    const paid = await startVisualization({ db: handle.db, caller: liveKey, request: restyle(imageId), requestId: randomUUID() });
    const worker = startWorker({ db: handle.db, storage, engine: createLocalEngine(), pollMs: 20, sweepEveryMs: 3_600_000 });
    await worker.idle();
    await worker.stop({ graceMs: 1000 });
    await collectWebhookEvents({ db: handle.db });
    const test = { visualizationId: tested.visualization.id, resultId: tested.visualization.results[0]!.id };
    const live = { visualizationId: paid.visualization.id, resultId: paid.visualization.results[0]!.id };

    expect(await getApiResultHd({ db: handle.db, ownerId, ...test })).toEqual({ state: null, image: null });
    expect(await orderApiResultHd({ db: handle.db, caller: testKey, ...test })).toEqual({ state: "queued", balance: 4 });
    expect(await orderApiResultHd({ db: handle.db, caller: testKey, ...test })).toEqual({ state: "queued", balance: null });
    expect(await getApiResultHd({ db: handle.db, ownerId, ...test })).toMatchObject({ state: "queued" });
    // Not this visualization's result, and a live result for a test key.
    expect(isAppError(await orderApiResultHd({ db: handle.db, caller: testKey, visualizationId: test.visualizationId, resultId: live.resultId }).catch((e: unknown) => e), "NOT_FOUND")).toBe(true);
    const refused = await orderApiResultHd({ db: handle.db, caller: testKey, ...live }).catch((e: unknown) => e);
    expect(isAppError(refused, "FORBIDDEN") && refused.details).toEqual({ reason: "testKeySpends" });

    const upscale = () => Promise.reject(new Error("an AI upscale for a test key's result"));
    const hd = startHdWorker({ db: handle.db, storage, engine: { id: "replicate", upscale }, pollMs: 20 });
    await hd.idle();
    const made = await getApiResultHd({ db: handle.db, ownerId, ...test });
    expect(made.state).toBe("ready");
    expect(Math.max(made.image!.width, made.image!.height)).toBeGreaterThanOrEqual(3840);
    expect(await collectWebhookEvents({ db: handle.db })).toBe(1);
    expect(await collectWebhookEvents({ db: handle.db })).toBe(0);
    await deliverDueWebhooks({ db: handle.db, timeoutMs: 2000 });
    const told = received.filter((r) => r.path === "/hd").map((r) => JSON.parse(r.body) as { type: string; test: boolean; data: Record<string, unknown> });
    expect(told.filter((e) => e.type === "hd.ready")).toEqual([expect.objectContaining({ test: true, data: { ...test, image: made.image } })]);

    // A live key's order spends one token, whatever the repeats.
    const spent = async () => (await handle.db.select().from(tokenLedger).where(eq(tokenLedger.userId, ownerId))).filter((e) => e.reference === `visualization:${live.resultId}` && e.amount < 0).length;
    const before = await spent();
    expect(await orderApiResultHd({ db: handle.db, caller: liveKey, ...live })).toMatchObject({ state: "queued" });
    await orderApiResultHd({ db: handle.db, caller: liveKey, ...live });
    expect((await spent()) - before).toBe(1);
    await hd.stop({ graceMs: 1000 });
  });

  it("tells an account-wide endpoint of all the account's work, the website's too, and a key's endpoint of that key's only", async () => {
    const { ownerId, imageId } = await ownerWithPhoto();
    await grantTokens({ db: handle.db, userId: ownerId, amount: 20, kind: "grant", idempotencyKey: `g:${ownerId}` });
    const keyA = await caller(ownerId, "live");
    const keyB = await caller(ownerId, "live");
    const all = await createWebhookEndpoint({ db: handle.db, ownerId, url: "https://hooks.example.test/all", mode: "live" });
    const onlyA = await createWebhookEndpoint({ db: handle.db, ownerId, url: "https://hooks.example.test/a", mode: "live", keyId: keyA.keyId });
    const told = async () => {
      const worker = startWorker({ db: handle.db, storage, engine: createLocalEngine(), pollMs: 20, sweepEveryMs: 3_600_000 });
      await worker.idle();
      await worker.stop({ graceMs: 1000 });
      await collectWebhookEvents({ db: handle.db });
      const rows = await handle.db.select({ endpointId: webhookDelivery.endpointId, type: webhookDelivery.type, payload: webhookDelivery.payload }).from(webhookDelivery).where(inArray(webhookDelivery.endpointId, [all.id, onlyA.id]));
      await handle.db.delete(webhookDelivery).where(inArray(webhookDelivery.endpointId, [all.id, onlyA.id]));
      const of = (id: string) => rows.filter((r) => r.endpointId === id).map((r) => r.type).sort();
      return { all: of(all.id), onlyA: of(onlyA.id), ids: rows.map((r) => (JSON.parse(r.payload) as { data: { visualizationId?: string; visualization?: { id: string } } }).data) };
    };

    const website = await createBatch({ db: handle.db, storage, userId: ownerId, engineId: "local", request: parseInput(createBatchSchema, { ...restyle(imageId), requestId: randomUUID() }) });
    const fromWebsite = await told();
    expect(fromWebsite).toMatchObject({ all: ["result.ready", "visualization.finished"], onlyA: [] });
    expect(fromWebsite.ids).toContainEqual(expect.objectContaining({ visualizationId: website.batch.id }));

    await startVisualization({ db: handle.db, caller: keyB, request: restyle(imageId), requestId: randomUUID() });
    expect(await told()).toMatchObject({ all: ["result.ready", "visualization.finished"], onlyA: [] });
    await startVisualization({ db: handle.db, caller: keyA, request: restyle(imageId), requestId: randomUUID() });
    expect(await told()).toMatchObject({ all: ["result.ready", "visualization.finished"], onlyA: ["result.ready", "visualization.finished"] });

    // A listing generated and an HD copy ordered on the website.
    const listing = await createListing({ db: handle.db, userId: ownerId, name: "Website listing" });
    await addListingPhotos({ db: handle.db, userId: ownerId, listingId: listing.id, sources: [{ type: "image", imageId }], roomType: "living-room" });
    const made = await generateListing({ db: handle.db, userId: ownerId, listingId: listing.id, engineId: "local", ...parseInput(generateListingSchema, { mode: "restyle", styles: ["japandi"], variations: 1, requestId: randomUUID() }) });
    expect(await told()).toMatchObject({ all: ["listing.finished", "result.ready", "visualization.finished"], onlyA: [] });
    const [photo] = await handle.db.select().from(listingPhoto).where(eq(listingPhoto.listingId, listing.id));
    const [result] = await handle.db.select({ id: visualization.id }).from(visualization).where(eq(visualization.batchId, made.batchIds[0]!));
    await chooseListingResult({ db: handle.db, userId: ownerId, listingId: listing.id, photoId: photo!.id, visualizationId: result!.id });
    await orderHdCopy({ db: handle.db, userId: ownerId, listingId: listing.id, photoId: photo!.id });
    const hd = startHdWorker({ db: handle.db, storage, engine: {}, pollMs: 20 });
    await hd.idle();
    await hd.stop({ graceMs: 1000 });
    expect(await told()).toMatchObject({ all: ["hd.ready"], onlyA: [] });
    // Told once.
    expect(await told()).toMatchObject({ all: [], onlyA: [] });
  });

  it("tells an account-wide endpoint, once, of a single result's 4K copy ordered on the website, and not a key's endpoint", async () => {
    const { ownerId, imageId } = await ownerWithPhoto();
    await grantTokens({ db: handle.db, userId: ownerId, amount: 5, kind: "grant", idempotencyKey: `g:${ownerId}` });
    const key = await caller(ownerId, "live");
    const all = await createWebhookEndpoint({ db: handle.db, ownerId, url: "https://hooks.example.test/all-4k", mode: "live" });
    const onlyKey = await createWebhookEndpoint({ db: handle.db, ownerId, url: "https://hooks.example.test/key-4k", mode: "live", keyId: key.keyId });
    const website = await createBatch({ db: handle.db, storage, userId: ownerId, engineId: "local", request: parseInput(createBatchSchema, { ...restyle(imageId), requestId: randomUUID() }) });
    const worker = startWorker({ db: handle.db, storage, engine: createLocalEngine(), pollMs: 20, sweepEveryMs: 3_600_000 });
    await worker.idle();
    await worker.stop({ graceMs: 1000 });
    await collectWebhookEvents({ db: handle.db });
    await handle.db.delete(webhookDelivery).where(inArray(webhookDelivery.endpointId, [all.id, onlyKey.id]));
    const resultId = website.batch.visualizations[0]!.id;

    // The design page's 4K card: the website's order, no key.
    expect(await orderResultHd({ db: handle.db, userId: ownerId, visualizationId: resultId })).toMatchObject({ state: "queued" });
    expect(await collectWebhookEvents({ db: handle.db })).toBe(0);
    const hd = startHdWorker({ db: handle.db, storage, engine: {}, pollMs: 20 });
    await hd.idle();
    await hd.stop({ graceMs: 1000 });
    const made = await getApiResultHd({ db: handle.db, ownerId, visualizationId: website.batch.id, resultId });
    expect(made.state).toBe("ready");
    expect(await collectWebhookEvents({ db: handle.db })).toBe(1);
    // Told once, however often the collector looks again.
    expect(await collectWebhookEvents({ db: handle.db })).toBe(0);
    const rows = await handle.db.select().from(webhookDelivery).where(inArray(webhookDelivery.endpointId, [all.id, onlyKey.id]));
    expect(rows.map((r) => [r.endpointId, r.type])).toEqual([[all.id, "hd.ready"]]);
    // The shape of the API's own 4K orders' hd.ready.
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ type: "hd.ready", test: false, data: { visualizationId: website.batch.id, resultId, image: made.image } });
  });

  it("retries an endpoint that answers 500 or hangs, and logs why", async () => {
    const ownerId = await insertUser(handle);
    answer = (p, response) => {
      if (p === "/fail") response.writeHead(500).end("no");
      else if (p !== "/hang") response.end("ok");
    };
    const failing = await createWebhookEndpoint({ db: handle.db, ownerId, url: receiverUrl("/fail"), mode: "test" });
    const hanging = await createWebhookEndpoint({ db: handle.db, ownerId, url: receiverUrl("/hang"), mode: "test" });
    await sendTestWebhook({ db: handle.db, ownerId, endpointId: failing.id });
    await sendTestWebhook({ db: handle.db, ownerId, endpointId: hanging.id });
    const before = Date.now();
    await deliverDueWebhooks({ db: handle.db, timeoutMs: 300 });
    const rows = await handle.db.select().from(webhookDelivery);
    const fail = rows.find((r) => r.endpointId === failing.id)!;
    const hang = rows.find((r) => r.endpointId === hanging.id)!;
    expect(fail).toMatchObject({ state: "pending", attempts: 1, lastStatus: 500 });
    expect(hang).toMatchObject({ state: "pending", attempts: 1, lastStatus: null, lastError: "urlUnreachable" });
    expect(fail.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    // Nothing is due again before its backoff.
    expect(await deliverDueWebhooks({ db: handle.db, timeoutMs: 300 })).toBe(0);
    // After the last step of the backoff it is given up.
    const muchLater = () => new Date(Date.now() + 3 * 24 * 3600_000);
    await handle.db.update(webhookDelivery).set({ attempts: 8 }).where(eq(webhookDelivery.id, fail.id));
    await deliverDueWebhooks({ db: handle.db, timeoutMs: 300, now: muchLater });
    expect((await handle.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, fail.id)))[0]).toMatchObject({ state: "failed", attempts: 9 });
  });

  it("never calls a private or loopback address for a live endpoint", async () => {
    const ownerId = await insertUser(handle);
    for (const url of ["http://localhost/hook", "https://127.0.0.1/hook", "https://[::1]/x", "https://10.0.0.8/x", "http://example.test/plain-http"]) {
      const refused = await createWebhookEndpoint({ db: handle.db, ownerId, url, mode: "live" }).catch((e: unknown) => e);
      expect(isAppError(refused, "INVALID_INPUT"), url).toBe(true);
      // A plain http:// address is told it needs https:// (or to be a test endpoint), not that it is malformed.
      if (url.startsWith("http:")) expect((refused as { details: { reason: string } }).details.reason, url).toBe("httpsRequired");
    }
    // One that slipped past the check (a name that resolves to loopback) is refused when delivering.
    const [row] = await handle.db.insert(webhookEndpoint).values({ id: randomUUID(), ownerId, url: receiverUrl("/live").replace("127.0.0.1", "localhost"), mode: "live", secret: "whsec_x" }).returning();
    const count = received.length;
    await sendTestWebhook({ db: handle.db, ownerId, endpointId: row!.id });
    await deliverDueWebhooks({ db: handle.db, timeoutMs: 1000 });
    expect(received.length).toBe(count);
    expect((await handle.db.select().from(webhookDelivery).where(eq(webhookDelivery.endpointId, row!.id)))[0]).toMatchObject({ state: "failed", lastError: "privateAddress" });
  });
});
