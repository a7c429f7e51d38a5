import { maskRows } from "./mask-rows";
import type { RawMask } from "./types";

/**
 * The mask's weight per pixel, 0..255, soft only inside its edge: 0 outside the mask, and inside it rising over
 * `radius` pixels from the edge (chessboard distance to the nearest keep pixel) to 255. The image's border is
 * no edge. Outside the mask the weight is always 0, so an edit blended with it leaves those pixels as they were.
 */
export function featherInside({ mask, radius = 2 }: { mask: RawMask; radius?: number }): Uint8Array {
  const { data, width, height } = mask;
  const weight = new Uint8Array(width * height);
  const rows = maskRows(mask);
  if (!rows) return weight;
  for (let i = rows.top * width; i < rows.bottom * width; i++) weight[i] = data[i]! >= 128 ? 255 : 0;
  if (radius <= 0) return weight;
  const levels = Array.from({ length: radius + 1 }, (_, d) => Math.round((255 * d) / (radius + 1)));
  // Every keep pixel next to an edit pixel (4-neighbours suffice: a diagonal contact always has a 4-contact
  // beside it) lowers the weights of the edit pixels around it to their distance's level.
  // Keep pixels next to the mask lie within one row of its rows.
  for (let y = Math.max(0, rows.top - 1); y < Math.min(height, rows.bottom + 1); y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      if (weight[i] !== 0) continue;
      const touches = (x > 0 && weight[i - 1] !== 0) || (x < width - 1 && weight[i + 1] !== 0) || (y > 0 && data[i - width]! >= 128) || (y < height - 1 && data[i + width]! >= 128);
      if (!touches) continue;
      for (let dy = -radius; dy <= radius; dy++) {
        const qy = y + dy;
        if (qy < 0 || qy >= height) continue;
        for (let dx = -radius; dx <= radius; dx++) {
          const qx = x + dx;
          if (qx < 0 || qx >= width) continue;
          const q = qy * width + qx;
          const level = levels[Math.max(dx < 0 ? -dx : dx, dy < 0 ? -dy : dy)]!;
          if (weight[q]! > level) weight[q] = level;
        }
      }
    }
  }
  return weight;
}
