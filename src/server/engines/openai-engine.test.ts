import { randomBytes } from "node:crypto";
import OpenAI, { toFile } from "openai";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeOpenAI } from "~/tests/fakes/openai";
import { EngineError, type EngineEdit, type EngineInput } from "./engine";
import { createOpenAIEngine, openaiFrame, type OpenAIEngineOptions } from "./openai-engine";

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
  fake.uploads.length = 0;
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
  it("sends the photo as WebP padded to the size nearest its proportions, with high input fidelity, takes the answer back to the photo's size, and prices the answer's usage", async () => {
    const result = await engine().generate(input());

    expect(fake.edits[0]).toEqual({
      model: "gpt-image-1.5",
      prompt,
      size: "1536x1024",
      quality: "medium",
      inputFidelity: "high",
      outputFormat: "webp",
      image: { type: "image/webp", width: 1536, height: 1024 },
      images: 1,
      mask: null,
    });
    expect(await sharp(result.image).metadata()).toMatchObject({ width: 1200, height: 900 });
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
    // Once the edit has reached the API: preparing the photo takes a while of its own on a busy host.
    await expect.poll(() => fake.edits.length, { timeout: 10_000 }).toBe(1);
    controller.abort(reason);
    await expect(work).rejects.toBe(reason);
    await expect.poll(() => fake.abandoned).toBe(1);

    expect(await failure(engine({ timeoutMs: 300 }).generate(input()))).toMatchObject({ kind: "transient" });
  });
});

describe("the OpenAI engine's edit modes against a fake Images API", () => {
  /** A black stripe 60 px wide down the left edge, the rest white: where the crop falls shows in the stripe's width. */
  let striped: Buffer;
  /** White = edit: a 300 × 225 rectangle at (600, 450) of the 1200 × 900 photo. */
  let mask: Buffer;

  beforeAll(async () => {
    striped = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#ffffff" } })
      .composite([{ input: { create: { width: 60, height: 900, channels: 3, background: "#000000" } }, left: 0, top: 0 }])
      .png()
      .toBuffer();
    mask = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#000000" } })
      .composite([{ input: { create: { width: 300, height: 225, channels: 3, background: "#ffffff" } }, left: 600, top: 450 }])
      .png()
      .toBuffer();
  });

  it("frames a photo inside the nearest size, centred, proportions kept", () => {
    expect(openaiFrame(1200, 900)).toEqual({ size: "1536x1024", canvas: { width: 1536, height: 1024 }, left: 85, top: 0, width: 1365, height: 1024 });
    expect(openaiFrame(1152, 1536)).toEqual({ size: "1024x1536", canvas: { width: 1024, height: 1536 }, left: 0, top: 85, width: 1024, height: 1365 });
    expect(openaiFrame(1536, 864)).toEqual({ size: "1536x1024", canvas: { width: 1536, height: 1024 }, left: 0, top: 80, width: 1536, height: 864 });
    expect(openaiFrame(1100, 1000)).toMatchObject({ size: "1024x1024", left: 0, top: 46, width: 1024, height: 931 });
  });

  it("pads the photo with its own edges and crops the padding off the answer", async () => {
    const result = await engine().generate(input({ image: striped }));
    const sent = fake.uploads[0]!.images[0]!;
    const column = async (image: Buffer, width: number, y: number) => {
      const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      return (x: number) => data[(y * width + x) * info.channels]!;
    };
    // The padding repeats the black edge: 85 px of it, then 68 px of stripe, then white.
    const request = await column(sent, 1536, 500);
    expect([request(5), request(140), request(170)].map((v) => v < 60)).toEqual([true, true, false]);
    const answer = await column(result.image, 1200, 500);
    expect(await sharp(result.image).metadata()).toMatchObject({ width: 1200, height: 900 });
    expect([answer(50), answer(70), answer(1190)].map((v) => v < 60)).toEqual([true, false, false]);
  });

  it.each([
    ["replace", (): EngineEdit => ({ mode: "replace", mask, text: "a green velvet armchair" })],
    ["remove", (): EngineEdit => ({ mode: "remove", mask })],
    ["material", (): EngineEdit => ({ mode: "material", mask, material: "oak-planks" })],
  ] as const)("%s: sends the mask transparent where to edit, opaque elsewhere and on the padding, at the padded image's size", async (_, edit) => {
    const result = await engine().generate(input({ edit: edit(), styleId: null }));
    expect(fake.edits[0]).toMatchObject({ size: "1536x1024", image: { width: 1536, height: 1024 }, mask: { width: 1536, height: 1024 } });
    const sent = fake.uploads[0]!.mask!;
    expect(sent.length).toBeLessThan(100_000);
    const { data, info } = await sharp(sent).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alpha = (x: number, y: number) => data[(y * 1536 + x) * 4 + 3];
    // (600, 450)–(900, 675) scaled by 1024 / 900 and moved right by the 85 px of padding: (768, 512)–(1109, 768).
    expect([alpha(772, 516), alpha(1105, 764)]).toEqual([0, 0]);
    expect([alpha(760, 516), alpha(772, 505), alpha(1115, 700), alpha(300, 300), alpha(10, 600), alpha(1530, 600)]).toEqual([255, 255, 255, 255, 255, 255]);
    expect(await sharp(result.image).metadata()).toMatchObject({ width: 1200, height: 900 });
  });

  it("sends references as further images after the room photo", async () => {
    const reference = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c04020" } }).jpeg().toBuffer();
    await engine().generate(input({ edit: { mode: "stage", styleId: "boho" }, references: [reference, reference] }));
    expect(fake.edits[0]).toMatchObject({ images: 3, image: { width: 1536, height: 1024 } });
    const { channels } = await sharp(fake.uploads[0]!.images[1]).stats();
    expect(Math.round(channels[0]!.mean)).toBeGreaterThan(180);
  });

  it("maps creativity to input_fidelity where the model takes it: high for subtle and balanced, low for bold", async () => {
    await engine().generate(input({ creativity: "subtle" }));
    await engine().generate(input({ creativity: "bold" }));
    await engine({ model: "gpt-image-1-mini" }).generate(input({ creativity: "bold" }));
    expect(fake.edits.map((e) => e.inputFidelity)).toEqual(["high", "low", null]);
  });

  it("the fake refuses a mask of another size, without alpha, or over 4 MB", async () => {
    const client = new OpenAI({ apiKey: fake.apiKey, baseURL, maxRetries: 0 });
    const image = await toFile(await sharp(landscape).png().toBuffer(), "room.png", { type: "image/png" });
    const edit = async (maskBytes: Buffer) => client.images.edit({ model: "gpt-image-1.5", image, mask: await toFile(maskBytes, "mask.png", { type: "image/png" }), prompt });
    const alpha = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    await expect(edit(await alpha(600, 450))).rejects.toMatchObject({ status: 400, code: "invalid_image_dimensions" });
    await expect(edit(await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#000" } }).png().toBuffer())).rejects.toMatchObject({ status: 400, code: "invalid_image_format" });
    const noise = await sharp(randomBytes(1200 * 900 * 4), { raw: { width: 1200, height: 900, channels: 4 } }).png({ compressionLevel: 0 }).toBuffer();
    await expect(edit(noise)).rejects.toMatchObject({ status: 400, param: "mask" });
    await expect(edit(await alpha(1200, 900))).resolves.toHaveProperty("data");
  });
});
