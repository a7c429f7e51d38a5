import { randomBytes } from "node:crypto";
import Replicate from "replicate";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ReplicateModelId } from "@/config/engines";
import type { Handle } from "@/server/db/client";
import { subscribe } from "@/server/realtime/signals";
import { FakeReplicate } from "~/tests/fakes/replicate";
import { installDatabase, testDatabases } from "~/tests/support/databases";
import { EngineError, type EngineEdit, type EngineInput } from "./engine";
import { createReplicateEngine, replicateModelFor, type ReplicateEngineOptions } from "./replicate-engine";

const fake = new FakeReplicate();
// The webhook route reads its secret from the environment, as in production.
process.env.REPLICATE_WEBHOOK_SECRET = fake.webhookSecret;

let baseUrl: string;
let handle: Handle;
let photo: Buffer;
/** Noise does not compress: at 1024 px it is over the data URI limit, so it goes through the Files API. */
let noisyPhoto: Buffer;
/** White = edit: a 300 × 225 rectangle at (600, 450) of the 1200 × 900 photo. */
let mask: Buffer;
let reference: Buffer;

beforeAll(async () => {
  baseUrl = await fake.start();
  handle = await testDatabases()[0]!.open();
  installDatabase(handle);
  photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#8a9bb0" } }).webp().toBuffer();
  const noise = randomBytes(1536 * 1152 * 3);
  noisyPhoto = await sharp(noise, { raw: { width: 1536, height: 1152, channels: 3 } }).webp({ quality: 100 }).toBuffer();
  mask = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#000000" } })
    .composite([{ input: { create: { width: 300, height: 225, channels: 3, background: "#ffffff" } }, left: 600, top: 450 }])
    .png()
    .toBuffer();
  reference = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c04020" } }).webp().toBuffer();
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
    // replicate 1.4.0 retries a 429 five times at once, then gives up (its backoff sleep is skipped).
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

describe("the Replicate engine's edit modes against a fake Replicate", () => {
  const last = () => [...fake.predictions.values()].at(-1)!;

  it("routes each mode to its model", () => {
    const restyle = { mode: "restyle", styleId: "boho" } as const;
    const stage = { mode: "stage", styleId: "boho" } as const;
    const declutter = { mode: "declutter", scope: "everything" } as const;
    expect(replicateModelFor("adirik/interior-design", { edit: restyle })).toBe("adirik/interior-design");
    expect(replicateModelFor("adirik/interior-design", { edit: restyle, instruction: "more plants" })).toBe("black-forest-labs/flux-kontext-pro");
    expect(replicateModelFor("adirik/interior-design", { edit: stage })).toBe("black-forest-labs/flux-kontext-pro");
    expect(replicateModelFor("google/nano-banana", { edit: declutter })).toBe("google/nano-banana");
    expect(replicateModelFor("black-forest-labs/flux-kontext-pro", { edit: stage, references: [reference] })).toBe("google/nano-banana");
    // A style from a reference photo: the photo goes to a model that takes reference images.
    expect(replicateModelFor("adirik/interior-design", { edit: { mode: "reference", reference: "ref1" }, references: [reference] })).toBe("google/nano-banana");
    expect(replicateModelFor("adirik/interior-design", { edit: { mode: "replace", mask, text: "a lamp" } })).toBe("black-forest-labs/flux-fill-pro");
    expect(replicateModelFor("adirik/interior-design", { edit: { mode: "material", mask, material: "terrazzo" } })).toBe("black-forest-labs/flux-fill-pro");
    expect(replicateModelFor("google/nano-banana", { edit: { mode: "remove", mask } })).toBe("bria/eraser");
  });

  it.each([
    ["subtle", 0.65],
    ["balanced", 0.8],
    ["bold", 0.9],
  ] as const)("restyles on adirik/interior-design with the seed and %s creativity as prompt_strength %s", async (creativity, strength) => {
    await engine().generate(input({ creativity, seed: 77 }));
    expect(last()).toMatchObject({ model: "adirik/interior-design", input: { seed: 77, prompt_strength: strength } });
  });

  it("stages and follows the person's words on FLUX Kontext pro with the photo as input_image and the seed", async () => {
    await engine().generate(input({ edit: { mode: "stage", styleId: "boho" }, prompt: "Stage this empty bedroom.", seed: 5 }));
    const staged = last();
    expect(staged.model).toBe("black-forest-labs/flux-kontext-pro");
    expect(staged.input).toEqual({ prompt: "Stage this empty bedroom.", input_image: expect.stringMatching(/^data:image\/jpeg/), seed: 5, aspect_ratio: "match_input_image", output_format: "png", safety_tolerance: 2 });
    expect(fake.received.get(staged.id)).toMatchObject({ width: 1024, height: 768 });

    await engine().generate(input({ instruction: "more plants", seed: 6 }));
    expect(last()).toMatchObject({ model: "black-forest-labs/flux-kontext-pro", input: { seed: 6 } });
  });

  it("declutters with references on nano-banana: the photo, then the references, in image_input; it takes no seed", async () => {
    await engine().generate(input({ edit: { mode: "declutter", scope: "furniture", keep: "the sofa" }, styleId: null, references: [reference, reference] }));
    const prediction = last();
    expect(prediction.model).toBe("google/nano-banana");
    expect(prediction.input).not.toHaveProperty("seed");
    const images = fake.images.get(prediction.id)!;
    expect(images).toHaveLength(3);
    expect(await sharp(images[0]).metadata()).toMatchObject({ width: 1024, height: 768 });
    const { channels } = await sharp(images[1]).stats();
    expect(channels.slice(0, 3).map((c) => Math.round(c.mean / 8))).toEqual([0xc0, 0x40, 0x20].map((v) => Math.round(v / 8)));
  });

  it.each([
    ["replace", (): EngineEdit => ({ mode: "replace", mask, text: "a green velvet armchair" })],
    ["material", (): EngineEdit => ({ mode: "material", mask, material: "terrazzo" })],
  ] as const)("%s: FLUX Fill pro with the mask white = edit at the photo's size as sent, the seed and guidance from creativity", async (_, edit) => {
    await engine().generate(input({ edit: edit(), styleId: null, prompt: "Fill the mask.", seed: 9, creativity: "bold" }));
    const prediction = last();
    expect(prediction).toMatchObject({ model: "black-forest-labs/flux-fill-pro", input: { prompt: "Fill the mask.", seed: 9, guidance: 4.5, steps: 50 } });
    const sent = fake.masks.get(prediction.id)!;
    expect(await sharp(sent).metadata()).toMatchObject({ width: 1024, height: 768, format: "png" });
    const { data } = await sharp(sent).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[y * 1024 + x];
    // The rectangle (600, 450)–(900, 675) of 1200 × 900 is (512, 384)–(768, 576) at 1024 × 768.
    expect([at(520, 390), at(760, 570)]).toEqual([255, 255]);
    expect([at(500, 390), at(520, 380), at(780, 570), at(10, 10)]).toEqual([0, 0, 0, 0]);
  });

  it("removes on Bria Eraser with the manual mask, and neither prompt nor seed", async () => {
    await engine().generate(input({ edit: { mode: "remove", mask }, styleId: null }));
    const prediction = last();
    expect(prediction.model).toBe("bria/eraser");
    expect(prediction.input).toEqual({ image: expect.stringMatching(/^data:/), mask: expect.stringMatching(/^data:image\/png/), mask_type: "manual" });
    expect(await sharp(fake.masks.get(prediction.id)!).metadata()).toMatchObject({ width: 1024, height: 768 });
  });

  it("the fake validates like the schemas: unknown model 404, missing mask or unknown input or out of range 422", async () => {
    const post = (path: string, body: unknown) => fetch(`${baseUrl}${path}`, { method: "POST", headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    const image = `data:image/png;base64,${(await sharp(mask).png().toBuffer()).toString("base64")}`;
    expect((await post("/models/nobody/nothing/predictions", { input: { prompt: "x" } })).status).toBe(404);
    const fill = "/models/black-forest-labs/flux-fill-pro/predictions";
    const noMask = await post(fill, { input: { image, prompt: "x" } });
    expect([noMask.status, ((await noMask.json()) as { detail: string }).detail]).toEqual([422, "- input: mask is required"]);
    expect((await post(fill, { input: { image, mask: image, prompt: "x", guidance: 9 } })).status).toBe(422);
    expect((await post(fill, { input: { image, mask: image, prompt: "x", strength: 1 } })).status).toBe(422);
    expect((await post("/models/bria/eraser/predictions", { input: { image, mask: image, mask_type: "brush" } })).status).toBe(422);
    const small = `data:image/png;base64,${(await sharp(mask).resize(600, 450).png().toBuffer()).toString("base64")}`;
    expect((await post("/models/bria/eraser/predictions", { input: { image, mask: small } })).status).toBe(422);
    expect((await post(fill, { input: { image, mask: image, prompt: "x" } })).status).toBe(201);
  });

  it("upscales 2× with Real-ESRGAN by version, and scales a result over its input limit down first", async () => {
    const signal = new AbortController().signal;
    const result = await sharp({ create: { width: 1536, height: 1152, channels: 3, background: "#556677" } }).webp().toBuffer();
    const up = await engine().upscale!({ image: result, width: 1536, height: 1152, minLongSide: 3072, signal });
    const prediction = last();
    expect(prediction).toMatchObject({ model: "nightmareai/real-esrgan", version: "42fed1c4974146d4d2414e2be2c5277c7fcf05fcc3a73abf41610695738c1d7b", input: { scale: 2, face_enhance: false } });
    expect(fake.received.get(prediction.id)).toMatchObject({ width: 1536, height: 1152 });
    expect(await sharp(up.image).metadata()).toMatchObject({ width: 3072, height: 2304 });
    expect(up.costUsd).toBe(0.0027);

    const large = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#556677" } }).webp().toBuffer();
    await engine().upscale!({ image: large, width: 2000, height: 1500, minLongSide: 0, signal });
    const sent = fake.received.get(last().id)!;
    expect(sent.width * sent.height).toBeLessThanOrEqual(2_000_000);
    expect(sent.width / sent.height).toBeCloseTo(4 / 3, 2);

    // Short of the long side asked for even at 2×: resampled up to it.
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#556677" } }).webp().toBuffer();
    const topped = await engine().upscale!({ image: small, width: 300, height: 200, minLongSide: 1000, signal });
    expect(await sharp(topped.image).metadata()).toMatchObject({ width: 1000, height: 667 });
  });

  it("the fake fails an upscale over Real-ESRGAN's input limit, as its GPU runs out of memory", async () => {
    const huge = `data:image/png;base64,${(await sharp({ create: { width: 1800, height: 1200, channels: 3, background: "#000" } }).png().toBuffer()).toString("base64")}`;
    const client = new Replicate({ auth: fake.token, baseUrl });
    const created = await client.predictions.create({ version: "42fed1c4974146d4d2414e2be2c5277c7fcf05fcc3a73abf41610695738c1d7b", input: { image: huge, scale: 2 } });
    await until(() => fake.predictions.get(created.id)!.status === "failed");
    expect(fake.predictions.get(created.id)!.error).toMatch(/out of memory/);
  });
});
