import { maskRows } from "./mask-rows";
import type { RawImage, RawMask } from "./types";

/*
 * How much of the photo's structure a result kept. Both images are reduced to a luminance map with a long side
 * of 256 px (area average), where Sobel gradients are thinned to one-pixel edges (non-maximum suppression). The
 * photo's strong edges that lie on straight runs (wall edges, window and door frames, the ceiling line; a run is
 * at least LINE_RUN px of edges of the same orientation) are its lines. A line pixel is kept when the result has
 * an edge of a similar orientation (within 22.5°) within TOLERANCE_PX: restyles change colours, contrast and
 * texture but not where the lines are. The kept share is then divided by how much better the result matches
 * when shifted as a whole (up to 8 % each way): a result whose room moved matches better elsewhere than in place.
 * For masked edits the mask (dilated) is left out: the lines inside it were meant to change.
 */

const WORK_LONG_SIDE = 256;
const TOLERANCE_PX = 2;
/** Orientation bins over 180°. */
const BINS = 8;
/** Half-length of the run looked at along a line, and how many of its pixels must be edges of its orientation. */
const RUN_HALF = 6;
const LINE_RUN = 8;
/** A strong edge: at least this share of the image's strongest gradients, and never below a faint step. */
const STRONG_PERCENTILE = 0.9;
const STRONG_FLOOR = 40;
/** Edges of the result count from this share of its own strong threshold (restyles lower contrast). */
const RESULT_SHARE = 0.35;
/** Whole-image shifts tried, as a share of the working size, in steps of TOLERANCE_PX. */
const SHIFT_SHARE = 0.08;
/** The mask grows by this many working pixels: an edit's own edge is a new line. */
const MASK_GROWTH_PX = 3;
/** Fewer line pixels than this (a bare wall): nothing to lose. */
const MIN_LINE_PIXELS = 40;

export function scoreStructure({ original, result, mask }: { original: RawImage; result: RawImage; mask?: RawMask }): { score: number } {
  const scale = WORK_LONG_SIDE / Math.max(original.width, original.height);
  const width = Math.max(8, Math.round(original.width * scale));
  const height = Math.max(8, Math.round(original.height * scale));
  const before = edges(luminance(original, width, height), width, height);
  const after = edges(luminance(result, width, height), width, height);
  const ignored = mask ? maskAt(mask, width, height) : undefined;

  const lines = linePixels(before, width, height, ignored);
  if (lines.length < MIN_LINE_PIXELS * 2) return { score: 1 };
  const near = nearEdges(after, width, height);

  // Each orientation counts by the square root of its line pixels, so that the many horizontal lines of a
  // room (floorboards, shelves, a sofa's back) do not outvote its verticals: a sideways shift slides
  // horizontal lines along themselves, and only the verticals tell.
  const perBin = new Float64Array(BINS);
  for (let k = 1; k < lines.length; k += 2) perBin[lines[k]!]!++;
  const weightOf = Float64Array.from(perBin, (count) => (count > 0 ? Math.sqrt(count) / count : 0));
  let total = 0;
  for (let b = 0; b < BINS; b++) total += perBin[b]! * weightOf[b]!;
  const keptAt = (dx: number, dy: number) => {
    let kept = 0;
    for (let k = 0; k < lines.length; k += 2) {
      const p = lines[k]!;
      const x = (p % width) + dx;
      const y = (p - (p % width)) / width + dy;
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const o = lines[k + 1]!;
      if (near[o]![y * width + x]) kept += weightOf[o]!;
    }
    return kept / total;
  };
  const inPlace = keptAt(0, 0);
  let best = inPlace;
  const reach = Math.round(SHIFT_SHARE * Math.max(width, height));
  for (let dy = -reach; dy <= reach; dy += TOLERANCE_PX) {
    for (let dx = -reach; dx <= reach; dx += TOLERANCE_PX) if (dx !== 0 || dy !== 0) best = Math.max(best, keptAt(dx, dy));
  }
  return { score: best === 0 ? 0 : Math.min(1, Math.max(0, inPlace * (inPlace / best))) };
}

/** Rec. 709 luma of the sRGB values (in 1/256 steps), averaged over each working pixel's block. */
function luminance(image: RawImage, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  const columns = blocks(image.width, width);
  const rows = blocks(image.height, height);
  const sum = new Int32Array(width);
  const { data } = image;
  for (let ty = 0; ty < height; ty++) {
    sum.fill(0);
    for (let y = rows.start[ty]!; y < rows.end[ty]!; y++) {
      const row = y * image.width * 3;
      for (let tx = 0; tx < width; tx++) {
        let s = 0;
        for (let x = columns.start[tx]!, i = row + x * 3, end = columns.end[tx]!; x < end; x++, i += 3) s += 54 * data[i]! + 183 * data[i + 1]! + 19 * data[i + 2]!;
        sum[tx] = sum[tx]! + s;
      }
    }
    const rowsIn = rows.end[ty]! - rows.start[ty]!;
    for (let tx = 0; tx < width; tx++) out[ty * width + tx] = sum[tx]! / (256 * rowsIn * (columns.end[tx]! - columns.start[tx]!));
  }
  return out;
}

/** `from` pixels split evenly into `to` blocks of at least one pixel (a result smaller than the working size repeats pixels). */
function blocks(from: number, to: number): { start: Int32Array; end: Int32Array } {
  const start = new Int32Array(to);
  const end = new Int32Array(to);
  for (let t = 0; t < to; t++) {
    start[t] = Math.min(from - 1, Math.floor((t * from) / to));
    end[t] = Math.max(start[t]! + 1, Math.floor(((t + 1) * from) / to));
  }
  return { start, end };
}

type Edges = { strength: Float32Array; bin: Uint8Array; threshold: number };

/** Sobel gradients thinned to their ridges; `bin` is the edge's orientation (0..7 over 180°), 255 where none. */
function edges(lum: Float32Array, width: number, height: number): Edges {
  const magnitude = new Float32Array(width * height);
  const angle = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = lum[i - width - 1]!;
      const b = lum[i - width]!;
      const c = lum[i - width + 1]!;
      const d = lum[i - 1]!;
      const f = lum[i + 1]!;
      const g = lum[i + width - 1]!;
      const h = lum[i + width]!;
      const k = lum[i + width + 1]!;
      const gx = c + 2 * f + k - a - 2 * d - g;
      const gy = g + 2 * h + k - a - 2 * b - c;
      magnitude[i] = Math.sqrt(gx * gx + gy * gy);
      angle[i] = Math.atan2(gy, gx);
    }
  }
  const threshold = Math.max(STRONG_FLOOR, percentile(magnitude, STRONG_PERCENTILE));
  const strength = new Float32Array(width * height);
  const bin = new Uint8Array(width * height).fill(255);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const m = magnitude[i]!;
      if (m < threshold * RESULT_SHARE) continue;
      // The gradient's direction, folded to 0..π; its neighbours across the edge must not be stronger.
      let theta = angle[i]!;
      if (theta < 0) theta += Math.PI;
      const o = Math.round((theta / Math.PI) * BINS) % BINS;
      const step = Math.round((theta / Math.PI) * 4) % 4;
      const across = step === 0 ? 1 : step === 1 ? width + 1 : step === 2 ? width : width - 1;
      if (magnitude[i - across]! > m || magnitude[i + across]! >= m) continue;
      strength[i] = m;
      bin[i] = o;
    }
  }
  return { strength, bin, threshold };
}

/** The value below which a share of the values lie, to 1/4 of a step (a histogram: sorting is slower). */
function percentile(values: Float32Array, share: number): number {
  // Sobel of 8-bit luma reaches at most 4√2 · 255 ≈ 1443.
  const histogram = new Uint32Array(4 * 1450);
  for (let i = 0; i < values.length; i++) histogram[Math.min(histogram.length - 1, (4 * values[i]!) | 0)]!++;
  const wanted = share * values.length;
  let seen = 0;
  for (let b = 0; b < histogram.length; b++) {
    seen += histogram[b]!;
    if (seen > wanted) return b / 4;
  }
  return (histogram.length - 1) / 4;
}

/** The photo's line pixels as pairs (index, orientation bin), outside the ignored area. */
function linePixels({ strength, bin, threshold }: Edges, width: number, height: number, ignored?: Uint8Array): Int32Array {
  const out: number[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const o = bin[i]!;
      if (o === 255 || strength[i]! < threshold || ignored?.[i]) continue;
      // Along the edge: perpendicular to the gradient.
      const theta = (o / BINS) * Math.PI + Math.PI / 2;
      const tx = Math.cos(theta);
      const ty = Math.sin(theta);
      let run = 0;
      for (let s = -RUN_HALF; s <= RUN_HALF; s++) {
        if (s === 0) continue;
        const qx = Math.round(x + s * tx);
        const qy = Math.round(y + s * ty);
        if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
        const q = bin[qy * width + qx]!;
        if (q !== 255 && similar(q, o)) run++;
      }
      if (run >= LINE_RUN) out.push(i, o);
    }
  }
  return Int32Array.from(out);
}

function similar(a: number, b: number): boolean {
  const d = Math.abs(a - b);
  return d <= 1 || d >= BINS - 1;
}

/** Per orientation bin, where a result edge of that orientation (± one bin) lies within the tolerance. */
function nearEdges({ bin }: Edges, width: number, height: number): Uint8Array[] {
  const maps = Array.from({ length: BINS }, () => new Uint8Array(width * height));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = bin[y * width + x]!;
      if (o === 255) continue;
      for (const target of [(o + BINS - 1) % BINS, o, (o + 1) % BINS]) {
        const map = maps[target]!;
        for (let qy = Math.max(0, y - TOLERANCE_PX); qy <= Math.min(height - 1, y + TOLERANCE_PX); qy++) {
          for (let qx = Math.max(0, x - TOLERANCE_PX); qx <= Math.min(width - 1, x + TOLERANCE_PX); qx++) map[qy * width + qx] = 1;
        }
      }
    }
  }
  return maps;
}

/** The mask at the working size (a working pixel is masked if any of its pixels is), grown by MASK_GROWTH_PX. */
function maskAt(mask: RawMask, width: number, height: number): Uint8Array {
  const small = new Uint8Array(width * height);
  const column = new Int32Array(mask.width);
  for (let x = 0; x < mask.width; x++) column[x] = Math.min(width - 1, Math.floor((x * width) / mask.width));
  const rows = maskRows(mask);
  for (let y = rows?.top ?? 0; y < (rows?.bottom ?? 0); y++) {
    const row = Math.min(height - 1, Math.floor((y * height) / mask.height)) * width;
    for (let x = 0, i = y * mask.width; x < mask.width; x++, i++) if (mask.data[i]! >= 128) small[row + column[x]!] = 1;
  }
  // Grown by a square: across, then down.
  const across = new Uint8Array(width * height);
  for (let i = 0; i < small.length; i++) {
    if (!small[i]) continue;
    const x = i % width;
    across.fill(1, i - Math.min(x, MASK_GROWTH_PX), i + Math.min(width - 1 - x, MASK_GROWTH_PX) + 1);
  }
  const grown = new Uint8Array(width * height);
  for (let i = 0; i < across.length; i++) {
    if (!across[i]) continue;
    const y = (i - (i % width)) / width;
    for (let qy = Math.max(0, y - MASK_GROWTH_PX); qy <= Math.min(height - 1, y + MASK_GROWTH_PX); qy++) grown[qy * width + (i % width)] = 1;
  }
  return grown;
}
