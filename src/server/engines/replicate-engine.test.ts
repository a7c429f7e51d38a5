import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ReplicateModelId } from "@/config/engines";
import { openDatabase, type Handle } from "@/server/db/client";
import { subscribe } from "@/server/realtime/signals";
import { FakeReplicate } from "~/tests/fakes/replicate";
import { installDatabase } from "~/tests/support/databases";
import { EngineError, type EngineInput } from "./engine";
import { createReplicateEngine, type ReplicateEngineOptions } from "./replicate-engine";

const fake = new FakeReplicate();
// The webhook route reads its secret from the environment, as in production.
process.env.REPLICATE_WEBHOOK_SECRET = fake.webhookSecret;

let baseUrl: string;
let handle: Handle;
let photo: Buffer;
/** Noise does not compress: at 1024 px it is over the data URI limit, so it goes through the Files API. */
let noisyPhoto: Buffer;

beforeAll(async () => {
  baseUrl = await fake.start();
  handle = await openDatabase({ dataDir: "memory" });
  installDatabase(handle);
  photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#8a9bb0" } }).webp().toBuffer();
  const noise = randomBytes(1536 * 1152 * 3);
  noisyPhoto = await sharp(noise, { raw: { width: 1536, height: 1152, channels: 3 } }).webp({ quality: 100 }).toBuffer();
});
afterAll(async () => {
  await fake.stop();
  await handle.close();
});
beforeEach(() => {
  fake.scenario = FakeReplicate.defaults();
  fake.failNext = { count: 0, status: 500 };
  fake.outputTtlMs = 3_600_000;
  fake.createAnswerMs = 0;
  fake.deliver = (request) => fetch(request);
  fake.requests.length = 0;
});

const fast = { firstPollMs: 10, pollFactor: 1.5, maxPollMs: 40, requestMs: 5000 };

function engine(overrides: Partial<ReplicateEngineOptions> = {}) {
  return createReplicateEngine({ token: fake.token, model: "adirik/interior-design", baseUrl, timing: fast, ...overrides });
}

function input(overrides: Partial<EngineInput> = {}): EngineInput {
  return { image: photo, width: 1200, height: 900, roomType: "bedroom", styleId: "boho", edit: { mode: "restyle", styleId: "boho" }, creativity: "balanced", seed: 1, prompt: "Redesign this bedroom in boho style.", onProgress: () => {}, signal: new AbortController().signal, ...overrides };
}

async function failure(work: Promise<unknown>): Promise<EngineError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the Replicate engine against a fake Replicate", () => {
  it("runs adirik/interior-design by version with the photo at 768 px, reports progress from the logs and returns the output and its price", async () => {
    fake.scenario.processingMs = 300;
    const reports: number[] = [];
    const result = await engine().generate(input({ onProgress: (fraction) => reports.push(fraction) }));

    const [id, received] = [...fake.received].at(-1)!;
    expect(received).toEqual({ width: 768, height: 576, via: "data-uri" });
    expect(fake.predictions.get(id)).toMatchObject({ model: "adirik/interior-design", input: { prompt: "Redesign this bedroom in boho style." }, webhook: null });
    expect(fake.requests.some((r) => r.method === "POST" && r.path === "/v1/predictions")).toBe(true);
    expect(await sharp(result.image).metadata()).toMatchObject({ width: 768, height: 576 });
    expect(result.costUsd).toBe(0.0055);
    // Starting, then the tqdm percentages as the model runs.
    expect(reports[0]).toBe(0.05);
    expect(reports.some((r) => r > 0.1 && r < 1)).toBe(true);
    expect(reports).toEqual([...reports].sort((a, b) => a - b));
  });

  it.each([
    ["black-forest-labs/flux-kontext-pro", 1024, "input_image"],
    ["google/nano-banana", 1024, "image_input"],
  ] as const)("runs %s on the models endpoint under its input name; a photo over 256 KB goes through the Files API, deleted afterwards", async (model, side, inputName) => {
    const result = await engine({ model: model as ReplicateModelId }).generate(input({ image: noisyPhoto, width: 1536, height: 1152 }));

    const [id, received] = [...fake.received].at(-1)!;
    expect(received).toEqual({ width: side, height: (side * 3) / 4, via: "file" });
    expect(fake.predictions.get(id)!.input).toHaveProperty(inputName);
    expect(fake.requests.some((r) => r.method === "POST" && r.path === `/v1/models/${model}/predictions`)).toBe(true);
    await until(() => fake.requests.some((r) => r.method === "DELETE" && r.path.startsWith("/v1/files/")));
    expect(fake.files.size).toBe(0);
    expect(result.image.length).toBeGreaterThan(0);
  });

  it("reads outputs given as data URIs and as lists whose last item is the image", async () => {
    for (const output of ["data-uri", "list"] as const) {
      fake.scenario.output = output;
      const { image } = await engine().generate(input());
      expect(await sharp(image).metadata()).toMatchObject({ width: 768, height: 576 });
    }
  });

  it("takes a 429 as transient with Retry-After's delay (after the client's own immediate retries)", async () => {
    fake.failNext = { count: 100, status: 429, retryAfter: "30", method: "POST" };
    const error = await failure(engine().generate(input()));
    expect(error).toMatchObject({ kind: "transient", retryAfterMs: 30_000 });
    expect(error.message).toMatch(/429/);
    // replicate 1.4.0 retries a 429 five times at once, then gives up (apis.md §1.4).
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(6);
  });

  it("takes a 5xx on create as transient, and waits out 5xx answers to its polls without creating another prediction", async () => {
    fake.failNext = { count: 1, status: 503, method: "POST" };
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "transient" });

    const before = fake.predictions.size;
    fake.failNext = { count: 7, status: 502, method: "GET" };
    const { image } = await engine().generate(input());
    expect(image.length).toBeGreaterThan(0);
    expect(fake.predictions.size).toBe(before + 1);
  });

  it("refuses the input on a 422, and fails on a wrong token", async () => {
    fake.failNext = { count: 1, status: 422, method: "POST" };
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "refused" });
    expect(await failure(engine({ token: "r8_wrong" }).generate(input()))).toMatchObject({ kind: "failed" });
  });

  it("fails a failed prediction, tells a safety checker's refusal apart, and retries one Replicate canceled or aborted", async () => {
    fake.scenario = { ...FakeReplicate.defaults(), outcome: "failed", error: "CUDA error: device-side assert triggered" };
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "failed" });
    fake.scenario.error = "NSFW content detected. Try running it again, or try a different prompt.";
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "moderated" });
    for (const outcome of ["aborted", "canceled"] as const) {
      fake.scenario = { ...FakeReplicate.defaults(), outcome };
      expect(await failure(engine().generate(input()))).toMatchObject({ kind: "transient" });
    }
  });

  it("fails on malformed output: none, not an image, or removed before it was fetched", async () => {
    for (const output of ["none", "not-an-image"] as const) {
      fake.scenario.output = output;
      expect(await failure(engine().generate(input()))).toMatchObject({ kind: "failed" });
    }
    fake.scenario = FakeReplicate.defaults();
    fake.outputTtlMs = 0;
    expect(await failure(engine({ timing: { ...fast, firstPollMs: 200 } }).generate(input()))).toMatchObject({ kind: "failed" });
  });

  it("cancels a slow prediction when its job is aborted", async () => {
    fake.scenario.processingMs = 30_000;
    const controller = new AbortController();
    const reason = new Error("visualization abandoned");
    const work = engine().generate(input({ signal: controller.signal }));
    await until(() => [...fake.predictions.values()].at(-1)?.status === "processing");
    const started = Date.now();
    controller.abort(reason);
    await expect(work).rejects.toBe(reason);
    expect(Date.now() - started).toBeLessThan(1000);
    const prediction = [...fake.predictions.values()].at(-1)!;
    await until(() => prediction.status === "canceled");
    expect(fake.requests.some((r) => r.method === "POST" && r.path === `/v1/predictions/${prediction.id}/cancel`)).toBe(true);
  });

  it("cancels a prediction created while its job was aborted, before its id came back", async () => {
    fake.scenario.processingMs = 30_000;
    fake.createAnswerMs = 300;
    const before = fake.predictions.size;
    const controller = new AbortController();
    const work = engine().generate(input({ signal: controller.signal }));
    await until(() => fake.predictions.size > before);
    controller.abort(new Error("abandoned"));
    await expect(work).rejects.toThrow("abandoned");
    const prediction = [...fake.predictions.values()].at(-1)!;
    await until(() => prediction.status === "canceled");
    // The create still has a time limit of its own, and running past it is worth a retry.
    const created = fake.predictions.size;
    expect(await failure(engine({ timing: { ...fast, requestMs: 100 } }).generate(input()))).toMatchObject({ kind: "transient", message: expect.stringMatching(/unreachable/) });
    expect(fake.predictions.size).toBe(created + 1);
  });

  it("with an https APP_URL, asks for the completed webhook, whose signed delivery wakes the poll at once", async () => {
    const { POST } = await import("~/app/api/webhooks/replicate/route");
    const statuses: number[] = [];
    fake.deliver = async (request) => statuses.push((await POST(request)).status);
    const webhookUrl = "https://aranzer.example/api/webhooks/replicate";
    // Without the webhook the first poll would come after 20 s.
    const slowPolls = engine({ webhookUrl, watch: (id, wake) => subscribe("prediction", id, wake), timing: { ...fast, firstPollMs: 20_000 } });

    const started = Date.now();
    const { image } = await slowPolls.generate(input());
    expect(Date.now() - started).toBeLessThan(5000);
    expect(image.length).toBeGreaterThan(0);
    expect(statuses).toEqual([200]);
    expect([...fake.predictions.values()].at(-1)).toMatchObject({ webhook: webhookUrl, webhook_events_filter: ["completed"] });
  });

  it("the webhook route refuses a bad signature, a stale timestamp, a changed body and a body that is no prediction", async () => {
    const { POST } = await import("~/app/api/webhooks/replicate/route");
    await engine().generate(input());
    const prediction = [...fake.predictions.values()].at(-1)!;
    const url = "https://aranzer.example/api/webhooks/replicate";

    expect((await POST(fake.signedWebhook(prediction, { url }))).status).toBe(200);
    expect((await POST(fake.signedWebhook(prediction, { url, secret: `whsec_${Buffer.from("another secret").toString("base64")}` }))).status).toBe(400);
    expect((await POST(fake.signedWebhook(prediction, { url, timestampSeconds: Math.floor(Date.now() / 1000) - 600 }))).status).toBe(400);
    const signed = fake.signedWebhook(prediction, { url });
    const changed = new Request(url, { method: "POST", headers: signed.headers, body: (await signed.text()).replace(prediction.id, "pred999999") });
    expect((await POST(changed)).status).toBe(400);
    const unsigned = new Request(url, { method: "POST", body: JSON.stringify({ id: prediction.id }) });
    expect((await POST(unsigned)).status).toBe(400);
  });
});
