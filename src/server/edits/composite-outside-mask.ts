import { featherInside } from "./feather-inside";
import { maskRows } from "./mask-rows";
import { resizeRaw } from "./resize-raw";
import type { RawImage, RawMask } from "./types";

const FEATHER_PX = 2;

/**
 * Whatever an engine returned for a masked edit, put back into the photo: the result is stretched to the
 * original's size if it differs, then taken only inside the mask, feathered over 2 px inside the mask's edge.
 * Outside the mask every byte is the original's.
 */
export function compositeOutsideMask({ original, result, mask }: { original: RawImage; result: RawImage; mask: RawMask }): RawImage {
  const { width, height } = original;
  if (mask.width !== width || mask.height !== height) throw new RangeError("The mask is not the original's size");
  const rows = maskRows(mask) ?? { top: 0, bottom: 0 };
  const inside = resizeRaw({ image: result, width, height, rows }).data;
  const weight = featherInside({ mask, radius: FEATHER_PX });
  const from = original.data;
  const out = Buffer.from(from);
  for (let p = rows.top * width, i = p * 3; p < rows.bottom * width; p++, i += 3) {
    const w = weight[p]!;
    if (w === 0) continue;
    if (w === 255) {
      out[i] = inside[i]!;
      out[i + 1] = inside[i + 1]!;
      out[i + 2] = inside[i + 2]!;
    } else {
      out[i] = from[i]! + Math.round(((inside[i]! - from[i]!) * w) / 255);
      out[i + 1] = from[i + 1]! + Math.round(((inside[i + 1]! - from[i + 1]!) * w) / 255);
      out[i + 2] = from[i + 2]! + Math.round(((inside[i + 2]! - from[i + 2]!) * w) / 255);
    }
  }
  return { data: out, width, height, channels: 3 };
}
