import { resizeRaw } from "@/server/edits/resize-raw";
import type { RawImage } from "@/server/edits/types";

/*
 * A zoom and a camera tilt: the structure check's "not kept" cases besides the shift (shift-raw.ts), shared by
 * its unit test and its calibration (bench/structure-calibration.ts).
 */

/** The centre, without a share of each side, enlarged back to the full size (a zoom). */
export function cropRaw(image: RawImage, share: number): RawImage {
  const { width, height, data } = image;
  const left = Math.round((share / 2) * width);
  const top = Math.round((share / 2) * height);
  const w = width - 2 * left;
  const h = height - 2 * top;
  const part = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) data.copy(part, y * w * 3, ((y + top) * width + left) * 3, ((y + top) * width + left + w) * 3);
  return resizeRaw({ image: { data: part, width: w, height: h, channels: 3 }, width, height });
}

/** A projective warp: the top corners pulled inwards by a share of the width (a camera tilted up). */
export function perspectiveRaw(image: RawImage, share: number): RawImage {
  const { width, height, data } = image;
  const inset = share * width;
  // Where each output corner samples the photo (top corners reach outwards, so the top is squeezed in the output).
  const H = homography(
    [[0, 0], [width, 0], [width, height], [0, height]],
    [[-inset, 0], [width + inset, 0], [width, height], [0, height]],
  );
  const out = Buffer.alloc(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w = H[6]! * x + H[7]! * y + 1;
      const sx = Math.min(width - 1, Math.max(0, Math.round((H[0]! * x + H[1]! * y + H[2]!) / w)));
      const sy = Math.min(height - 1, Math.max(0, Math.round((H[3]! * x + H[4]! * y + H[5]!) / w)));
      data.copy(out, (y * width + x) * 3, (sy * width + sx) * 3, (sy * width + sx) * 3 + 3);
    }
  }
  return { data: out, width, height, channels: 3 };
}

/** The 3×3 homography (h33 = 1) taking each `from` point to its `to` point, by Gaussian elimination. */
function homography(from: number[][], to: number[][]): number[] {
  const rows: number[][] = [];
  for (let k = 0; k < 4; k++) {
    const [x, y] = from[k]!;
    const [u, v] = to[k]!;
    rows.push([x!, y!, 1, 0, 0, 0, -u! * x!, -u! * y!, u!], [0, 0, 0, x!, y!, 1, -v! * x!, -v! * y!, v!]);
  }
  for (let c = 0; c < 8; c++) {
    const pivot = rows.slice(c).reduce((best, row, i) => (Math.abs(row[c]!) > Math.abs(rows[best]![c]!) ? c + i : best), c);
    [rows[c], rows[pivot]] = [rows[pivot]!, rows[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = rows[r]![c]! / rows[c]![c]!;
      for (let k = c; k < 9; k++) rows[r]![k]! -= f * rows[c]![k]!;
    }
  }
  return rows.map((row, c) => row[8]! / row[c]!);
}

/**
 * The photo seen a share wider, as an engine that redraws the whole picture may hand it back: the photo made
 * smaller about its centre, the margin around it continued from its edges.
 */
export function widenRaw(image: RawImage, share: number): RawImage {
  const { width, height, data } = image;
  const out = Buffer.alloc(data.length);
  const zoom = 1 + share;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(height - 1, Math.max(0, Math.round(height / 2 + (y - height / 2) * zoom)));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(width - 1, Math.max(0, Math.round(width / 2 + (x - width / 2) * zoom)));
      data.copy(out, (y * width + x) * 3, (sy * width + sx) * 3, (sy * width + sx) * 3 + 3);
    }
  }
  return { data: out, width, height, channels: 3 };
}
