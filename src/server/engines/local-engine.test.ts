import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { styleIds } from "@/config/styles";
import { EngineError, type EngineInput } from "./engine";
import { createLocalEngine } from "./local-engine";

const photoPath = path.resolve(import.meta.dirname, "../../../scripts/assets/living-room-cc0.jpg");
const engine = createLocalEngine();
// Odd sizes on purpose: not a multiple of the texture tile or of the bands the pass is cut into.
const width = 481;
const height = 289;
let photo: Buffer;

beforeAll(async () => {
  photo = await sharp(photoPath).resize(width, height, { fit: "cover" }).webp().toBuffer();
});

function input(styleId: string, overrides: Partial<EngineInput> = {}): EngineInput {
  return {
    image: photo,
    width,
    height,
    roomType: "living-room",
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

/** Mean of each channel and the mean standard deviation: colour, brightness and contrast in one vector. */
async function signature(image: Buffer): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return [...channels.slice(0, 3).map((c) => c.mean), channels.slice(0, 3).reduce((sum, c) => sum + c.stdev, 0) / 3];
}

describe("local engine", () => {
  it("makes two images at a time", () => {
    expect(engine).toMatchObject({ id: "local", concurrency: 2 });
  });

  it("gives the same bytes for the same photo and style", async () => {
    const first = await engine.generate(input("boho"));
    const second = await engine.generate(input("boho"));
    expect(first.image.equals(second.image)).toBe(true);
  });

  it("varies the look with the seed: another seed visibly differs, the same seed gives the same bytes", async () => {
    const made = async (seed: number) => (await engine.generate(input("scandinavian", { seed }))).image;
    const one = await made(1);
    expect(one.equals(await made(1))).toBe(true);
    const [a, b, c] = await Promise.all([one, await made(2), await made(3)].map((image) => sharp(image).raw().toBuffer()));
    // Mean absolute difference per channel, in 0..255 steps: several steps is a difference one sees side by side.
    const apart = (x: Buffer, y: Buffer) => x.reduce((sum, v, i) => sum + Math.abs(v - y[i]!), 0) / x.length;
    expect(apart(a!, b!)).toBeGreaterThan(3);
    expect(apart(a!, c!)).toBeGreaterThan(3);
    expect(apart(b!, c!)).toBeGreaterThan(3);
  });

  it("keeps the photo's size", async () => {
    const { image } = await engine.generate(input("industrial"));
    const metadata = await sharp(image).metadata();
    expect([metadata.width, metadata.height]).toEqual([width, height]);
  });

  it("makes every style clearly different from every other", async () => {
    const signatures = new Map<string, number[]>();
    for (const id of styleIds) signatures.set(id, await signature((await engine.generate(input(id))).image));
    const original = await signature(photo);
    const tooClose: string[] = [];
    for (const [i, a] of styleIds.entries()) {
      // Far enough from the photo itself too: every style visibly does something.
      if (Math.hypot(...signatures.get(a)!.map((v, k) => v - original[k]!)) < 8) tooClose.push(`${a}~photo`);
      for (const b of styleIds.slice(i + 1)) {
        const distance = Math.hypot(...signatures.get(a)!.map((v, k) => v - signatures.get(b)![k]!));
        if (distance < 8) tooClose.push(`${a}~${b} (${distance.toFixed(1)})`);
      }
    }
    expect(tooClose).toEqual([]);
  });

  it("reports progress between 0 and 1, rising", async () => {
    const reports: number[] = [];
    await engine.generate(input("japandi", { onProgress: (fraction) => reports.push(fraction) }));
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports).toEqual([...reports].sort((a, b) => a - b));
    expect(Math.min(...reports)).toBeGreaterThan(0);
    expect(Math.max(...reports)).toBeLessThanOrEqual(1);
  });

  it("throws the signal's reason when aborted before or during the work", async () => {
    const before = new AbortController();
    before.abort(new Error("gone before"));
    await expect(engine.generate(input("modern", { signal: before.signal }))).rejects.toThrow("gone before");

    const during = new AbortController();
    const run = engine.generate(input("modern", { signal: during.signal, onProgress: () => during.abort(new Error("gone during")) }));
    await expect(run).rejects.toThrow("gone during");
  });

  it("refuses an unknown style and fails on bytes that are not an image", async () => {
    await expect(engine.generate(input("no-such-style"))).rejects.toMatchObject({ kind: "refused" });
    const garbage = engine.generate(input("modern", { image: Buffer.from("not an image") }));
    await expect(garbage).rejects.toBeInstanceOf(EngineError);
    await expect(garbage).rejects.toMatchObject({ kind: "failed" });
  });

  it("refuses the modes that need AI, and removes a brushed region by classical inpainting", async () => {
    const mask = await sharp({ create: { width, height, channels: 3, background: "#000000" } })
      .composite([{ input: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ffffff" } }).png().toBuffer(), left: 4, top: 4 }])
      .png()
      .toBuffer();
    await expect(engine.generate(input("modern", { styleId: "modern", edit: { mode: "stage", styleId: "modern" } }))).rejects.toMatchObject({ kind: "refused", message: /mode not supported/ });
    await expect(engine.generate(input("modern", { styleId: null, edit: { mode: "replace", mask, text: "a chair" } }))).rejects.toMatchObject({ kind: "refused" });
    const removed = await engine.generate(input("modern", { styleId: null, edit: { mode: "remove", mask } }));
    expect(await sharp(removed.image).metadata()).toMatchObject({ width, height });
  });

  it("enlarges a result by plain resampling: twice the size, or to the long side asked for if that is more", async () => {
    const signal = new AbortController().signal;
    const doubled = await engine.upscale!({ image: photo, width, height, minLongSide: 0, signal });
    expect(await sharp(doubled.image).metadata()).toMatchObject({ width: width * 2, height: height * 2 });
    const wide = await engine.upscale!({ image: photo, width, height, minLongSide: 1443, signal });
    expect(await sharp(wide.image).metadata()).toMatchObject({ width: 1443, height: Math.round((height * 1443) / width) });
  });
});
