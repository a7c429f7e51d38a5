import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeRaw } from "./decode-raw";
import { converter, differenceCiede2000 } from "culori";
import { featherInside } from "./feather-inside";
import { recolorRegion } from "./recolor-region";
import type { Lab, RawImage, RawMask } from "./types";

const photoPath = path.resolve(import.meta.dirname, "../../../scripts/assets/living-room-cc0.jpg");
let photo: RawImage;
let mask: RawMask;

beforeAll(async () => {
  photo = await decodeRaw({ image: await sharp(photoPath).toBuffer(), width: 480, height: 288 });
  const { width, height } = photo;
  // The wall above the sofa (the picture on it included) and a round patch of the floor: light and shade.
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const wall = x >= 40 && x < 440 && y >= 8 && y < 160;
      const floor = (x - 240) ** 2 + ((y - 262) * 2) ** 2 < 60 ** 2;
      if (wall || floor) data[y * width + x] = 255;
    }
  }
  mask = { data, width, height };
});

const toLab65 = converter("lab65");
const deltaE2000 = differenceCiede2000();
const srgbToLab = (rgb: readonly number[]): Lab => {
  const { l, a, b } = toLab65({ mode: "rgb", r: rgb[0]! / 255, g: rgb[1]! / 255, b: rgb[2]! / 255 });
  return { L: l, a, b };
};
const labAt = (image: RawImage, p: number): Lab => srgbToLab([image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!]);
const hexLab = (hex: string): Lab => {
  const n = Number.parseInt(hex.slice(1), 16);
  return srgbToLab([(n >> 16) & 255, (n >> 8) & 255, n & 255]);
};

/**
 * Mean CIELAB inside the mask, and the correlation and standard deviations of lightness before and after
 * (`core`: only 3 px or more inside the mask, past the soft edge, which blends in the photo's own colours).
 */
function measure(before: RawImage, after: RawImage, { core = false } = {}) {
  const inside = core ? featherInside({ mask }).map((w) => (w === 255 ? 1 : 0)) : mask.data;
  let n = 0;
  const sum = { L: 0, a: 0, b: 0 };
  let sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  for (let p = 0; p < mask.data.length; p++) {
    if (!inside[p]) continue;
    const lab = labAt(after, p);
    const x = labAt(before, p).L;
    n++;
    sum.L += lab.L;
    sum.a += lab.a;
    sum.b += lab.b;
    sx += x;
    sy += lab.L;
    sxx += x * x;
    syy += lab.L * lab.L;
    sxy += x * lab.L;
  }
  const sdBefore = Math.sqrt(sxx / n - (sx / n) ** 2);
  const sdAfter = Math.sqrt(syy / n - (sy / n) ** 2);
  return { mean: { L: sum.L / n, a: sum.a / n, b: sum.b / n }, meanBefore: sx / n, sdBefore, sdAfter, correlation: (sxy / n - (sx / n) * (sy / n)) / (sdBefore * sdAfter) };
}

describe("recolorRegion", () => {
  it.each(["#2E5E4E", "#F2E6C9", "#1B1F3B", "#C0392B", "#FFFFFF", "#000000", "#FF0000", "#00FF00"])(
    "paints %s exactly: the area's mean CIELAB within ΔE2000 < 3",
    (color) => {
      const { mean } = measure(photo, recolorRegion({ image: photo, mask, color }));
      expect(deltaE2000({ mode: "lab65", l: hexLab(color).L, a: hexLab(color).a, b: hexLab(color).b }, { mode: "lab65", l: mean.L, a: mean.a, b: mean.b })).toBeLessThan(3);
    },
  );

  it.each(["#2E5E4E", "#F2E6C9", "#1B1F3B", "#C0392B"])("keeps the light and shadows of the photo under %s", (color) => {
    const { mean, meanBefore, sdBefore, sdAfter, correlation } = measure(photo, recolorRegion({ image: photo, mask, color }), { core: true });
    expect(correlation).toBeGreaterThan(0.9);
    // The variation is kept relative to the mean: a darker paint shows smaller differences, but not none.
    expect(sdAfter).toBeGreaterThan(0.6 * sdBefore * ((mean.L + 16) / (meanBefore + 16)));
  });

  it("leaves every byte outside the mask as it was, and softens only the mask's own edge", () => {
    const out = recolorRegion({ image: photo, mask, color: "#2E5E4E" });
    let changedInside = 0;
    let changedOutside = 0;
    for (let p = 0; p < mask.data.length; p++) {
      const same = out.data.subarray(p * 3, p * 3 + 3).equals(photo.data.subarray(p * 3, p * 3 + 3));
      if (!mask.data[p] && !same) changedOutside++;
      else if (mask.data[p] && !same) changedInside++;
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(0.95 * mask.data.filter(Boolean).length);
    // Along a row through the wall's left edge (x = 40): the first pixel is a blend, the fourth is paint.
    const row = 80 * photo.width;
    const core = out.data.subarray((row + 43) * 3, (row + 43) * 3 + 3);
    const edge = out.data.subarray((row + 40) * 3, (row + 40) * 3 + 3);
    const before = photo.data.subarray((row + 40) * 3, (row + 40) * 3 + 3);
    for (let c = 0; c < 3; c++) expect(edge[c]!).toBeCloseTo((2 * before[c]! + core[c]!) / 3, -1.2);
  });

  it("refuses a colour that is not #RRGGBB", () => {
    expect(() => recolorRegion({ image: photo, mask, color: "green" })).toThrow(RangeError);
  });
});
