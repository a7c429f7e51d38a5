import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { compositeOutsideMask } from "./composite-outside-mask";
import { decodeMask } from "./decode-mask";
import type { RawImage, RawMask } from "./types";

const width = 97;
const height = 61;

/** A photo-like original: a different colour at every pixel. */
function original(): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    data[p * 3] = (p * 7) % 256;
    data[p * 3 + 1] = (p * 13) % 256;
    data[p * 3 + 2] = (p * 29) % 256;
  }
  return { data, width, height, channels: 3 };
}

function flat(w: number, h: number, rgb: [number, number, number]): RawImage {
  const data = Buffer.alloc(w * h * 3);
  for (let p = 0; p < w * h; p++) data.set(rgb, p * 3);
  return { data, width: w, height: h, channels: 3 };
}

/** A rectangle (x 20..69, y 10..44) to edit. */
function mask(): RawMask {
  const data = new Uint8Array(width * height);
  for (let y = 10; y < 45; y++) data.fill(255, y * width + 20, y * width + 70);
  return { data, width, height };
}

describe("compositeOutsideMask", () => {
  it("keeps the original outside the mask, takes the result (resized) inside, softened only inside the edge", () => {
    const before = original();
    // An engine that answered at another size and proportion.
    const result = flat(64, 64, [10, 200, 30]);
    const out = compositeOutsideMask({ original: before, result, mask: mask() });
    expect([out.width, out.height]).toEqual([width, height]);
    const m = mask().data;
    let changedOutside = 0;
    for (let p = 0; p < width * height; p++) {
      if (!m[p] && !out.data.subarray(p * 3, p * 3 + 3).equals(before.data.subarray(p * 3, p * 3 + 3))) changedOutside++;
    }
    expect(changedOutside).toBe(0);
    // 3 px and more inside: the result; on the mask's first row and column: a blend of both.
    expect([...out.data.subarray((20 * width + 40) * 3, (20 * width + 40) * 3 + 3)]).toEqual([10, 200, 30]);
    const edge = (10 * width + 40) * 3;
    expect([...out.data.subarray(edge, edge + 3)]).not.toEqual([10, 200, 30]);
    expect([...out.data.subarray(edge, edge + 3)]).not.toEqual([...before.data.subarray(edge, edge + 3)]);
  });
});

describe("decodeMask", () => {
  it("binarises at 50 % and resizes to the photo with the nearest neighbour", async () => {
    // Left half grey 100 (keep), right half grey 200 (edit), at twice the size.
    const grey = Buffer.alloc(40 * 20);
    for (let y = 0; y < 20; y++) grey.fill(200, y * 40 + 20, y * 40 + 40);
    for (let y = 0; y < 20; y++) grey.fill(100, y * 40, y * 40 + 20);
    const png = await sharp(grey, { raw: { width: 40, height: 20, channels: 1 } }).png().toBuffer();
    const decoded = await decodeMask({ mask: png, width: 20, height: 10 });
    expect([decoded.width, decoded.height, decoded.data.length]).toEqual([20, 10, 200]);
    expect([...new Set(decoded.data)].sort()).toEqual([0, 255]);
    expect(decoded.data[5 * 20 + 3]).toBe(0);
    expect(decoded.data[5 * 20 + 15]).toBe(255);
  });
});
