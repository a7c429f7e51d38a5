import type { RawImage } from "./types";

/**
 * The image stretched to width × height with a separable triangle (linear) filter widened by the scale when
 * shrinking, so a smaller size averages instead of aliasing. Given `rows`, only those output rows are made
 * (the others stay black): a composite needs only the mask's rows.
 */
export function resizeRaw({ image, width, height, rows }: { image: RawImage; width: number; height: number; rows?: { top: number; bottom: number } }): RawImage {
  if (image.width === width && image.height === height) return image;
  const top = Math.max(0, rows?.top ?? 0);
  const bottom = Math.min(height, rows?.bottom ?? height);
  const across = weights(image.width, width);
  const down = weights(image.height, height);
  const rowLength = width * 3;
  const out = Buffer.alloc(width * height * 3);
  if (bottom <= top) return { data: out, width, height, channels: 3 };
  // Rows first, into floats at the new width, only for the source rows the wanted output rows read.
  const firstSource = down.index[down.start[top]!]!;
  const lastSource = down.index[down.start[bottom]! - 1]!;
  const mid = new Float32Array((lastSource - firstSource + 1) * rowLength);
  const { data } = image;
  for (let y = firstSource; y <= lastSource; y++) {
    const source = y * image.width * 3;
    let target = (y - firstSource) * rowLength;
    for (let x = 0; x < width; x++, target += 3) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = across.start[x]!, end = across.start[x + 1]!; k < end; k++) {
        const i = source + across.index[k]! * 3;
        const w = across.weight[k]!;
        r += data[i]! * w;
        g += data[i + 1]! * w;
        b += data[i + 2]! * w;
      }
      mid[target] = r;
      mid[target + 1] = g;
      mid[target + 2] = b;
    }
  }
  // Then columns; the clamped view rounds and saturates on store.
  const clamped = new Uint8ClampedArray(out.buffer, out.byteOffset, out.length);
  const row = new Float32Array(rowLength);
  for (let y = top; y < bottom; y++) {
    row.fill(0);
    for (let k = down.start[y]!, end = down.start[y + 1]!; k < end; k++) {
      const source = (down.index[k]! - firstSource) * rowLength;
      const w = down.weight[k]!;
      for (let j = 0; j < rowLength; j++) row[j] = row[j]! + mid[source + j]! * w;
    }
    clamped.set(row, y * rowLength);
  }
  return { data: out, width, height, channels: 3 };
}

/** For each output position, the source positions and normalised weights of a triangle filter, packed (CSR). */
function weights(from: number, to: number): { start: Int32Array; index: Int32Array; weight: Float32Array } {
  const scale = from / to;
  const support = Math.max(1, scale);
  const start = new Int32Array(to + 1);
  const index: number[] = [];
  const weight: number[] = [];
  for (let x = 0; x < to; x++) {
    start[x] = index.length;
    const centre = (x + 0.5) * scale - 0.5;
    const first = Math.max(0, Math.floor(centre - support) + 1);
    const last = Math.min(from - 1, Math.ceil(centre + support) - 1);
    let total = 0;
    const begin = weight.length;
    for (let s = first; s <= last; s++) {
      const w = 1 - Math.abs(s - centre) / support;
      if (w <= 0) continue;
      index.push(s);
      weight.push(w);
      total += w;
    }
    if (total === 0) {
      index.push(Math.min(from - 1, Math.max(0, Math.round(centre))));
      weight.push(1);
      total = 1;
    }
    for (let k = begin; k < weight.length; k++) weight[k]! /= total;
  }
  start[to] = index.length;
  return { start, index: Int32Array.from(index), weight: Float32Array.from(weight) };
}
