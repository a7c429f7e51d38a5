import { describe, expect, it } from "vitest";
import { inpaintRegion } from "./inpaint-region";
import type { RawImage, RawMask } from "./types";

const width = 320;
const height = 240;

/** A wall (light, shaded left to right) over a floor (brown), and a dark chair standing on the floor. */
function room(): RawImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      const wall = [225 - x / 8, 220 - x / 8, 205 - x / 8];
      const floor = [140, 100, 60];
      const chair = x >= 140 && x < 190 && y >= 130 && y < 200;
      data.set(chair ? [40, 30, 90] : y < 96 ? wall.map(Math.round) : floor, p);
    }
  }
  return { data, width, height, channels: 3 };
}

/** The chair, brushed a little generously. */
function brushed(): RawMask {
  const data = new Uint8Array(width * height);
  for (let y = 126; y < 204; y++) data.fill(255, y * width + 136, y * width + 194);
  return { data, width, height };
}

describe("inpaintRegion", () => {
  it("fills a brushed chair on a floor with the floor's colour and leaves the rest alone", async () => {
    const before = room();
    const mask = brushed();
    const out = await inpaintRegion({ image: before, mask });
    const sum = [0, 0, 0];
    let filled = 0;
    let worst = 0;
    let changedOutside = 0;
    for (let p = 0; p < width * height; p++) {
      const pixel = [...out.data.subarray(p * 3, p * 3 + 3)];
      if (!mask.data[p]) {
        if (!out.data.subarray(p * 3, p * 3 + 3).equals(before.data.subarray(p * 3, p * 3 + 3))) changedOutside++;
        continue;
      }
      filled++;
      for (const [c, floor] of [140, 100, 60].entries()) {
        sum[c]! += pixel[c]!;
        worst = Math.max(worst, Math.abs(pixel[c]! - floor));
      }
    }
    // The floor around the chair sets the colour; the wall, 30 rows above the mask, tints only its top rows.
    for (const [c, floor] of [140, 100, 60].entries()) expect(Math.abs(sum[c]! / filled - floor)).toBeLessThan(3);
    expect(worst).toBeLessThan(10);
    expect(changedOutside).toBe(0);
  });

  it("gives the event loop turns while it works, and stops when aborted", async () => {
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    await inpaintRegion({ image: room(), mask: brushed() });
    clearInterval(counting);
    expect(turns).toBeGreaterThan(0);

    const controller = new AbortController();
    controller.abort();
    await expect(inpaintRegion({ image: room(), mask: brushed(), signal: controller.signal })).rejects.toThrow();
  });
});
