import OpenAI, { toFile } from "openai";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAI } from "~/tests/fakes/openai";
import { EngineError, type EngineInput } from "./engine";
import { createOpenAIEngine, type OpenAIEngineOptions } from "./openai-engine";

const fake = new FakeOpenAI();
let baseURL: string;
let landscape: Buffer;

beforeAll(async () => {
  baseURL = await fake.start();
  landscape = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#b0a08a" } }).webp().toBuffer();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.scenario = FakeOpenAI.defaults();
  fake.failNext = { count: 0, status: 500 };
  fake.edits.length = 0;
});

function engine(overrides: Partial<OpenAIEngineOptions> = {}) {
  return createOpenAIEngine({ apiKey: fake.apiKey, model: "gpt-image-1.5", quality: "medium", baseURL, ...overrides });
}

const prompt = "Redesign this living room in Scandinavian style.";

function input(overrides: Partial<EngineInput> = {}): EngineInput {
  return { image: landscape, width: 1200, height: 900, roomType: "living-room", styleId: "scandinavian", edit: { mode: "restyle", styleId: "scandinavian" }, creativity: "balanced", seed: 1, prompt, onProgress: () => {}, signal: new AbortController().signal, ...overrides };
}

async function failure(work: Promise<unknown>): Promise<EngineError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

describe("the OpenAI engine against a fake Images API", () => {
  it("sends the photo as WebP with high input fidelity at the size nearest its proportions, and prices the answer's usage", async () => {
    const result = await engine().generate(input());

    expect(fake.edits[0]).toEqual({
      model: "gpt-image-1.5",
      prompt,
      size: "1536x1024",
      quality: "medium",
      inputFidelity: "high",
      outputFormat: "webp",
      image: { type: "image/webp", width: 1200, height: 900 },
    });
    expect(await sharp(result.image).metadata()).toMatchObject({ format: "webp", width: 1536, height: 1024 });
    // Text at $5, input image at $8 and output at $32 per million tokens.
    expect(result.costUsd).toBeCloseTo((Math.ceil(prompt.length / 4) * 5 + 4160 * 8 + 1568 * 32) / 1e6, 9);
  });

  it("picks the portrait and the square size for such photos", async () => {
    const portrait = await sharp({ create: { width: 900, height: 1200, channels: 3, background: "#777" } }).webp().toBuffer();
    const square = await sharp({ create: { width: 1100, height: 1000, channels: 3, background: "#777" } }).webp().toBuffer();
    await engine().generate(input({ image: portrait, width: 900, height: 1200 }));
    await engine().generate(input({ image: square, width: 1100, height: 1000 }));
    expect(fake.edits.map((e) => e.size)).toEqual(["1024x1536", "1024x1024"]);
  });

  it("leaves input_fidelity out for models that do not take it, and logs no price it does not know", async () => {
    await engine({ model: "gpt-image-1-mini" }).generate(input());
    const result = await engine({ model: "gpt-image-2", quality: "high" }).generate(input());
    expect(fake.edits.map((e) => [e.model, e.inputFidelity, e.quality])).toEqual([
      ["gpt-image-1-mini", null, "medium"],
      ["gpt-image-2", null, "high"],
    ]);
    expect(result.costUsd).toBeUndefined();
  });

  it("the fake refuses a photo sent as application/octet-stream, as the API does", async () => {
    const client = new OpenAI({ apiKey: fake.apiKey, baseURL, maxRetries: 0 });
    const untyped = await toFile(await sharp(landscape).png().toBuffer(), "room");
    await expect(client.images.edit({ model: "gpt-image-1.5", image: untyped, prompt })).rejects.toMatchObject({ status: 400, code: "unsupported_file_mimetype" });
  });

  it("takes moderation_blocked as moderated, with a message of its own", async () => {
    fake.scenario.answer = "moderation-blocked";
    const error = await failure(engine().generate(input()));
    expect(error.kind).toBe("moderated");
    expect(error.message).toMatch(/safety system/);
  });

  it("takes a 429 as transient with Retry-After's delay, without retrying it in the client", async () => {
    fake.failNext = { count: 5, status: 429, retryAfter: "20" };
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "transient", retryAfterMs: 20_000 });
    expect(fake.failNext.count).toBe(4);
  });

  it("takes a 5xx as transient, other 4xx as a refused input, and a wrong key as a failure", async () => {
    fake.failNext = { count: 1, status: 503 };
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "transient" });
    fake.failNext = { count: 1, status: 400 };
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "refused" });
    expect(await failure(engine({ apiKey: "sk-wrong" }).generate(input()))).toMatchObject({ kind: "failed" });
  });

  it("fails on an answer without an image or with something that is not one", async () => {
    for (const answer of ["no-image", "not-an-image"] as const) {
      fake.scenario.answer = answer;
      expect(await failure(engine().generate(input()))).toMatchObject({ kind: "failed" });
    }
  });

  it("gives up a slow edit when the job is aborted, and times out one that takes too long", async () => {
    fake.scenario.delayMs = 10_000;
    const controller = new AbortController();
    const reason = new Error("worker stopping");
    const work = engine().generate(input({ signal: controller.signal }));
    setTimeout(() => controller.abort(reason), 200);
    await expect(work).rejects.toBe(reason);
    await expect.poll(() => fake.abandoned).toBe(1);

    expect(await failure(engine({ timeoutMs: 300 }).generate(input()))).toMatchObject({ kind: "transient" });
  });
});
