import type { RawImage } from "@/server/edits/types";

/**
 * The picture moved right and down by a share of its size, the uncovered border repeating the edge: the
 * structure check's "not kept" case, shared by its unit test and its calibration (bench/structure-calibration.ts).
 */
export function shiftRaw(image: RawImage, across: number, down: number): RawImage {
  const { width, height, data } = image;
  const dx = Math.round(across * width);
  const dy = Math.round(down * height);
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, y - dy));
    for (let x = 0; x < width; x++) {
      const s = (sy * width + Math.min(width - 1, Math.max(0, x - dx))) * 3;
      data.copy(out, (y * width + x) * 3, s, s + 3);
    }
  }
  return { data: out, width, height, channels: 3 };
}
