import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findFloorMaterial } from "@/config/floor-materials";
import { MAX_STYLES_PER_BATCH } from "@/config/generation";
import type { EngineInput } from "./engine";
import { createFakeEngine, parseFakeEngineScript, type FakeEngineCall } from "./fake-engine";
import { createLocalEngine } from "./local-engine";

let photo: Buffer;

beforeAll(async () => {
  photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: "#8a9bb0" } }).webp().toBuffer();
});

function input(styleId: string, overrides: Partial<EngineInput> = {}): EngineInput {
  return {
    image: photo,
    width: 96,
    height: 64,
    roomType: "bedroom",
    styleId,
    edit: { mode: "restyle", styleId },
    creativity: "balanced",
    seed: 1,
    prompt: "",
    onProgress: () => {},
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe("fake engine", () => {
  it("runs a whole batch at once unless the script says otherwise", () => {
    expect(createFakeEngine({ latencyMs: 0 })).toMatchObject({ id: "fake", concurrency: MAX_STYLES_PER_BATCH });
    expect(createFakeEngine({ latencyMs: 0, concurrency: 3 }).concurrency).toBe(3);
  });

  it("answers after its latency with the local engine's restyle, reporting the scripted progress on the way", async () => {
    const engine = createFakeEngine({ latencyMs: 200, progressSteps: 3 });
    const reports: number[] = [];
    const start = performance.now();
    const { image } = await engine.generate(
      input("boho", { onProgress: (fraction) => reports.push(fraction) }),
    );
    const elapsed = performance.now() - start;

    expect(elapsed).toBeGreaterThanOrEqual(195);
    expect(reports).toEqual([0.25, 0.5, 0.75]);
    const local = await createLocalEngine().generate(input("boho"));
    expect(image.equals(local.image)).toBe(true);
  });

  it("gives different images for different styles", async () => {
    const engine = createFakeEngine({ latencyMs: 0 });
    const [a, b] = await Promise.all([engine.generate(input("industrial")), engine.generate(input("provencal"))]);
    expect(a.image.equals(b.image)).toBe(false);
  });

  it("answers with the photo as given when the script says so (a hosted engine's answer costs this host nothing)", async () => {
    const engine = createFakeEngine(parseFakeEngineScript(JSON.stringify({ latencyMs: 0, output: "input" })));
    const { image } = await engine.generate(input("boho"));
    expect(image.equals(photo)).toBe(true);
  });

  it("hands its answer back as the script's hosted engine would: PNG or WebP at the size the model worked at", async () => {
    const png = createFakeEngine(parseFakeEngineScript(JSON.stringify({ latencyMs: 0, answer: { format: "png", longSide: 48 } })));
    const webp = createFakeEngine({ latencyMs: 0, answer: { format: "webp" } });
    const staged = await png.generate(input("boho", { edit: { mode: "stage", styleId: "boho" } }));
    await expect(sharp((await png.generate(input("boho"))).image).metadata()).resolves.toMatchObject({ format: "png", width: 48, height: 32 });
    await expect(sharp(staged.image).metadata()).resolves.toMatchObject({ format: "png", width: 48, height: 32 });
    await expect(sharp((await webp.generate(input("boho"))).image).metadata()).resolves.toMatchObject({ format: "webp", width: 96, height: 64 });
  });

  it("fails a refused or failed style every time, after the latency", async () => {
    const engine = createFakeEngine({ latencyMs: 50, failures: { glamour: "refused", loft: "failed" } });
    const start = performance.now();
    await expect(engine.generate(input("glamour"))).rejects.toMatchObject({ name: "EngineError", kind: "refused" });
    expect(performance.now() - start).toBeGreaterThanOrEqual(45);
    await expect(engine.generate(input("glamour"))).rejects.toMatchObject({ kind: "refused" });
    await expect(engine.generate(input("loft"))).rejects.toMatchObject({ kind: "failed" });
    await expect(engine.generate(input("modern"))).resolves.toHaveProperty("image");
  });

  it("keeps a transient style transient", async () => {
    const engine = createFakeEngine({ latencyMs: 0, failures: { zen: "transient" } });
    for (let attempt = 0; attempt < 4; attempt++) {
      await expect(engine.generate(input("zen"))).rejects.toMatchObject({ kind: "transient", retryAfterMs: undefined });
    }
  });

  it("fails transiently n times per style and engine, with Retry-After, then succeeds", async () => {
    const script = { latencyMs: 0, failures: { japandi: { transientTimes: 2, retryAfterMs: 1500 } } };
    const engine = createFakeEngine(script);
    await expect(engine.generate(input("japandi"))).rejects.toMatchObject({ kind: "transient", retryAfterMs: 1500 });
    await expect(engine.generate(input("modern"))).resolves.toHaveProperty("image");
    await expect(engine.generate(input("japandi"))).rejects.toMatchObject({ kind: "transient", retryAfterMs: 1500 });
    await expect(engine.generate(input("japandi"))).resolves.toHaveProperty("image");
    await expect(engine.generate(input("japandi"))).resolves.toHaveProperty("image");
    // A new engine (a restarted worker) starts counting again.
    await expect(createFakeEngine(script).generate(input("japandi"))).rejects.toMatchObject({ kind: "transient" });
  });

  it("stops waiting at once when aborted, with the signal's reason", async () => {
    const engine = createFakeEngine({ latencyMs: 5_000 });
    const controller = new AbortController();
    const start = performance.now();
    const run = engine.generate(input("modern", { signal: controller.signal }));
    setTimeout(() => controller.abort(new Error("batch abandoned")), 20);
    await expect(run).rejects.toThrow("batch abandoned");
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});

describe("fake engine modes", () => {
  const W = 120;
  const H = 80;
  /** Dark left half, light right half, a mid band across: lines to follow, and colour to take away. */
  let room: Buffer;
  /** White = edit: a 40 × 20 rectangle at (60, 40). */
  let mask: Buffer;
  let recordDir: string;

  beforeAll(async () => {
    const raw = Buffer.alloc(W * H * 3);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3;
        const colour = y >= 36 && y < 44 ? [40, 160, 60] : x < W / 2 ? [60, 50, 90] : [220, 200, 170];
        raw.set(colour, i);
      }
    }
    room = await sharp(raw, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
    mask = await sharp({ create: { width: W, height: H, channels: 3, background: "#000000" } })
      .composite([{ input: { create: { width: 40, height: 20, channels: 3, background: "#ffffff" } }, left: 60, top: 40 }])
      .png()
      .toBuffer();
    recordDir = await mkdtemp(path.join(tmpdir(), "fake-engine-"));
  });
  afterAll(() => rm(recordDir, { recursive: true, force: true }));

  function edit(overrides: Partial<EngineInput>): EngineInput {
    return { ...input("modern"), image: room, width: W, height: H, styleId: null, ...overrides };
  }
  async function pixels(image: Buffer) {
    const { data } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return (x: number, y: number) => [...data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];
  }
  const inMask = (x: number, y: number) => x >= 60 && x < 100 && y >= 40 && y < 60;

  it("stages a room as the style's restyle with furniture's brown in its lower third", async () => {
    const engine = createFakeEngine({ latencyMs: 0 });
    const staged = await pixels((await engine.generate(edit({ styleId: "boho", edit: { mode: "stage", styleId: "boho" } }))).image);
    const restyled = await pixels((await engine.generate(edit({ styleId: "boho", edit: { mode: "restyle", styleId: "boho" } }))).image);
    expect(staged(10, 10)).toEqual(restyled(10, 10));
    const [r, g, b] = staged(10, 70);
    const [r0, g0, b0] = restyled(10, 70);
    expect(Math.hypot(r! - (r0! + 139) / 2, g! - (g0! + 90) / 2, b! - (b0! + 43) / 2)).toBeLessThan(2);
  });

  it("declutters to grey", async () => {
    const result = await pixels((await createFakeEngine({ latencyMs: 0 }).generate(edit({ edit: { mode: "declutter", scope: "everything" } }))).image);
    for (const [x, y] of [[10, 10], [110, 10], [50, 40]] as const) expect(new Set(result(x, y)).size).toBe(1);
  });

  it("fills a removed region with the mean colour around it, a replaced one with the text's colour, a material with its swatch; the rest stays", async () => {
    const engine = createFakeEngine({ latencyMs: 0 });
    const removed = await pixels((await engine.generate(edit({ edit: { mode: "remove", mask } }))).image);
    const chair = await pixels((await engine.generate(edit({ edit: { mode: "replace", mask, text: "a green velvet armchair" } }))).image);
    const chairAgain = await pixels((await engine.generate(edit({ edit: { mode: "replace", mask, text: "a green velvet armchair" } }))).image);
    const lamp = await pixels((await engine.generate(edit({ edit: { mode: "replace", mask, text: "a floor lamp" } }))).image);
    const parquet = await pixels((await engine.generate(edit({ edit: { mode: "material", mask, material: "herringbone-parquet" } }))).image);
    const original = await pixels(room);

    expect(removed(60, 40)).toEqual(removed(99, 59));
    expect(removed(60, 40)).not.toEqual(original(60, 40));
    expect(chair(70, 50)).toEqual(chairAgain(70, 50));
    expect(chair(70, 50)).not.toEqual(lamp(70, 50));
    const swatch = findFloorMaterial("herringbone-parquet")!.swatch;
    expect(parquet(99, 59)).toEqual([1, 3, 5].map((i) => Number.parseInt(swatch.slice(i, i + 2), 16)));
    for (const result of [removed, chair, parquet]) {
      for (let y = 0; y < H; y += 7) for (let x = 0; x < W; x += 7) if (!inMask(x, y)) expect(result(x, y)).toEqual(original(x, y));
    }
  });

  it("pulls a result towards its first reference's mean colour", async () => {
    const engine = createFakeEngine({ latencyMs: 0 });
    const reference = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#ff0000" } }).png().toBuffer();
    const plain = await sharp((await engine.generate(edit({ styleId: "modern", edit: { mode: "restyle", styleId: "modern" } }))).image).stats();
    const following = await sharp((await engine.generate(edit({ styleId: "modern", edit: { mode: "restyle", styleId: "modern" }, references: [reference] }))).image).stats();
    expect(following.channels[0]!.mean - plain.channels[0]!.mean).toBeGreaterThan(40);
    expect(plain.channels[1]!.mean - following.channels[1]!.mean).toBeGreaterThan(20);
  });

  it("takes a reference photo's colour in the reference mode, and refuses it without the photo", async () => {
    const engine = createFakeEngine({ latencyMs: 0 });
    const reference = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#ff0000" } }).png().toBuffer();
    const followed = await sharp((await engine.generate(edit({ styleId: null, edit: { mode: "reference", reference: "ref1" }, references: [reference] }))).image).stats();
    const room = await sharp(edit({}).image).stats();
    expect(followed.channels[0]!.mean - room.channels[0]!.mean).toBeGreaterThan(40);
    await expect(engine.generate(edit({ styleId: null, edit: { mode: "reference", reference: "ref1" } }))).rejects.toMatchObject({ kind: "refused" });
  });

  it("warps the results of the scripted styles and modes (moved right, stretched down), only the first time with warpOnce", async () => {
    /** The first column where the dark half turned light, on the top row. */
    const edge = async (image: Buffer) => {
      const at = await pixels(image);
      let x = 0;
      while (x < W && at(x, 5)[0]! < 140) x++;
      return x;
    };
    const bandTop = async (image: Buffer) => {
      const at = await pixels(image);
      let y = 0;
      while (y < H && !(at(10, y)[1]! > 120 && at(10, y)[0]! < 100)) y++;
      return y;
    };
    const engine = createFakeEngine({ latencyMs: 0, warp: ["stage", "declutter"], warpOnce: true, output: "input" });
    const stage = () => engine.generate(edit({ styleId: "boho", edit: { mode: "stage", styleId: "boho" } }));
    const first = (await stage()).image;
    expect(await edge(room)).toBe(60);
    expect(await edge(first)).toBe(66);
    expect(await bandTop(first)).toBe(39);
    expect(await edge((await stage()).image)).toBe(60);

    const always = createFakeEngine({ latencyMs: 0, warp: ["modern"] });
    for (let i = 0; i < 2; i++) {
      const { image } = await always.generate(edit({ styleId: "modern", edit: { mode: "restyle", styleId: "modern" } }));
      expect(await edge(image)).toBeGreaterThanOrEqual(65);
    }
  });

  it("records what it was asked, and each mask as a PNG, when given a directory", async () => {
    const engine = createFakeEngine({ latencyMs: 0, failures: { declutter: "refused" } }, { recordDir });
    await engine.generate(edit({ edit: { mode: "replace", mask, text: "a green velvet armchair" }, prompt: "replace it", seed: 42, creativity: "bold", instruction: "make it cosy", references: [room, room] }));
    await expect(engine.generate(edit({ edit: { mode: "declutter", scope: "furniture", keep: "the sofa" }, prompt: "declutter" }))).rejects.toMatchObject({ kind: "refused" });

    const calls = (await readFile(path.join(recordDir, "calls.jsonl"), "utf8")).trim().split("\n").map((line) => JSON.parse(line) as FakeEngineCall);
    expect(calls).toEqual([
      { mode: "replace", prompt: "replace it", styleId: null, roomType: "bedroom", seed: 42, creativity: "bold", instruction: "make it cosy", edit: { text: "a green velvet armchair" }, references: 2, width: W, height: H, mask: expect.stringMatching(/-mask\.png$/) },
      { mode: "declutter", prompt: "declutter", styleId: null, roomType: "bedroom", seed: 1, creativity: "balanced", instruction: null, edit: { scope: "furniture", keep: "the sofa" }, references: 0, width: W, height: H, mask: null },
    ]);
    const saved = await pixels(await sharp(path.join(recordDir, calls[0]!.mask!)).toColourspace("srgb").png().toBuffer());
    expect(saved(70, 50)).toEqual([255, 255, 255]);
    expect(saved(10, 10)).toEqual([0, 0, 0]);
  });

  it("upscales by resampling to twice the size", async () => {
    const { image } = await createFakeEngine({ latencyMs: 0 }).upscale!({ image: room, width: W, height: H, minLongSide: 0, signal: new AbortController().signal });
    expect(await sharp(image).metadata()).toMatchObject({ width: 2 * W, height: 2 * H });
  });
});

describe("parseFakeEngineScript", () => {
  it("reads a script from JSON", () => {
    const json = JSON.stringify({
      latencyMs: 1200,
      progressSteps: 4,
      concurrency: 8,
      failures: { glamour: "refused", boho: "transient", loft: { transientTimes: 1, retryAfterMs: 300 } },
    });
    expect(parseFakeEngineScript(json)).toEqual(JSON.parse(json));
    expect(parseFakeEngineScript('{"latencyMs":0}')).toEqual({ latencyMs: 0 });
    expect(parseFakeEngineScript('{"latencyMs":0,"warp":["modern","stage"],"warpOnce":true}')).toEqual({ latencyMs: 0, warp: ["modern", "stage"], warpOnce: true });
  });

  it.each([
    ["not JSON", "latencyMs: 5"],
    ["no latency", "{}"],
    ["a negative latency", '{"latencyMs":-1}'],
    ["an unknown failure", '{"latencyMs":0,"failures":{"boho":"slow"}}'],
    ["zero transient times", '{"latencyMs":0,"failures":{"boho":{"transientTimes":0}}}'],
    ["an unknown key", '{"latencyMs":0,"latency":5}'],
  ])("refuses %s", (_, json) => {
    expect(() => parseFakeEngineScript(json)).toThrow();
  });
});
