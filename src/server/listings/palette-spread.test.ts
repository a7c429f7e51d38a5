import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { paletteSpread } from "./palette-spread";

const flat = (background: string) => sharp({ create: { width: 8, height: 8, channels: 3, background } }).png().toBuffer();

describe("paletteSpread", () => {
  it("is 0 for one image and for images of one colour", async () => {
    expect(await paletteSpread({ images: [await flat("#8a6f55")] })).toBe(0);
    expect(await paletteSpread({ images: [await flat("#8a6f55"), await flat("#8a6f55")] })).toBe(0);
  });

  it("is the mean CIEDE2000 difference over the pairs of mean colours", async () => {
    // Pure grey against white: L* 53.585 against 100, ΔE00 = ΔL*/S_L with S_L at the mean L* 76.79 (Sharma et al. 2005).
    const white = await flat("#ffffff");
    const grey = await flat("#808080");
    const one = await paletteSpread({ images: [white, grey] });
    expect(one).toBeCloseTo(46.39 / (1 + (0.015 * 26.79 ** 2) / Math.sqrt(20 + 26.79 ** 2)), 1);
    // Three images: the mean of three pairs, of which two are that same difference and one is none.
    expect(await paletteSpread({ images: [white, grey, grey] })).toBeCloseTo((2 * one) / 3, 6);
  });

  it("takes each image's mean colour: a half-red, half-blue image is closer to purple than to red", async () => {
    const half = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff0000" } })
      .composite([{ input: await sharp({ create: { width: 4, height: 8, channels: 3, background: "#0000ff" } }).png().toBuffer(), left: 4, top: 0 }])
      .png()
      .toBuffer();
    const purple = await flat("#800080");
    const red = await flat("#ff0000");
    expect(await paletteSpread({ images: [half, purple] })).toBeLessThan(await paletteSpread({ images: [half, red] }));
  });
});
