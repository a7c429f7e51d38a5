import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_STYLES_PER_BATCH } from "@/config/generation";
import type { EngineInput } from "./engine";
import { createFakeEngine, parseFakeEngineScript } from "./fake-engine";
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
