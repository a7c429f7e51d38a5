import { deltaE2000, srgbToLab } from "./cielab";
import { featherInside } from "./feather-inside";
import { maskRows } from "./mask-rows";
import type { Lab, RawImage, RawMask } from "./types";

/*
 * An exact paint colour, as a paint maker's visualizer shows it: inside the mask every pixel takes the target's
 * hue and chroma, and its lightness is the target's plus the photo's own variation around the area's mean. The
 * variation is kept relative to the mean (scaled by (L*target + 16) / (L*mean + 16), i.e. a ratio of
 * luminance's cube root, as light falling on a darker paint makes smaller differences), and soft-clipped near
 * black and white instead of cut off. The output depends on the pixel's lightness alone, so it is solved on a
 * table of 1001 lightness steps (0.1 L*): lightness offset and chroma are corrected there until the area's mean
 * CIELAB (gamut mapping and 8-bit rounding included) is the target's. Pure black and white cannot have any
 * variation around them, so the mean's lightness stays within 2.5..97.5 (ΔE2000 ≤ 1.5 from them).
 */

const STEPS = 1001;
const LIGHTNESS_RANGE = { min: 2.5, max: 97.5 } as const;
/** How much the variation may be stretched or squeezed: beyond this, noise would be amplified or light flattened. */
const SCALE_RANGE = { min: 0.3, max: 2.5 } as const;
const FEATHER_PX = 2;

/** Every pixel inside the mask recoloured to `color` (#RRGGBB); outside the mask the photo's bytes are untouched. */
export function recolorRegion({ image, mask, color }: { image: RawImage; mask: RawMask; color: string }): RawImage {
  if (!/^#[0-9a-f]{6}$/i.test(color)) throw new RangeError(`Not a #RRGGBB colour: ${color}`);
  if (mask.width !== image.width || mask.height !== image.height) throw new RangeError("The mask is not the image's size");
  const n = Number.parseInt(color.slice(1), 16);
  const target = srgbToLab([(n >> 16) & 255, (n >> 8) & 255, n & 255]);

  const weight = featherInside({ mask, radius: FEATHER_PX });
  const { data, width, height } = image;
  const rows = maskRows(mask) ?? { top: 0, bottom: 0 };
  const first = rows.top * width;
  const pixels = rows.bottom * width;
  // The lightness step of every pixel inside the mask, and how many of the fully painted ones fall on each.
  const step = new Uint16Array(width * height);
  const histogram = new Float64Array(STEPS);
  const edgeHistogram = new Float64Array(STEPS);
  let core = 0;
  for (let p = first, i = first * 3; p < pixels; p++, i += 3) {
    const w = weight[p]!;
    if (w === 0) continue;
    const s = LIGHTNESS_STEP[LINEAR_Y_R[data[i]!]! + LINEAR_Y_G[data[i + 1]!]! + LINEAR_Y_B[data[i + 2]!]!]!;
    step[p] = s;
    if (w === 255) {
      histogram[s]!++;
      core++;
    } else edgeHistogram[s]!++;
  }
  // A mask thinner than the feather has no fully painted pixel: its edge stands for it.
  const paint = solvePaint(target, core > 0 ? histogram : edgeHistogram);

  const out = Buffer.from(data);
  for (let p = first, i = first * 3; p < pixels; p++, i += 3) {
    const w = weight[p]!;
    if (w === 0) continue;
    const j = step[p]! * 3;
    if (w === 255) {
      out[i] = paint[j]!;
      out[i + 1] = paint[j + 1]!;
      out[i + 2] = paint[j + 2]!;
    } else {
      out[i] = blend(data[i]!, paint[j]!, w);
      out[i + 1] = blend(data[i + 1]!, paint[j + 1]!, w);
      out[i + 2] = blend(data[i + 2]!, paint[j + 2]!, w);
    }
  }
  return { data: out, width, height, channels: 3 };
}

function blend(from: number, to: number, weight: number): number {
  return from + Math.round(((to - from) * weight) / 255);
}

/**
 * The paint's sRGB colour for each lightness step, such that the histogram's mean CIELAB is the target's. A
 * colour at the edge of the sRGB gamut (a pure red) loses chroma wherever it is lighter or darker than itself,
 * so its mean cannot reach the target with the photo's full variation: the variation is then narrowed until it can.
 */
function solvePaint(target: Lab, histogram: Float64Array): Uint8Array {
  let count = 0;
  let sum = 0;
  for (let s = 0; s < STEPS; s++) {
    count += histogram[s]!;
    sum += histogram[s]! * (s / 10);
  }
  const goal: Lab = { L: Math.min(LIGHTNESS_RANGE.max, Math.max(LIGHTNESS_RANGE.min, target.L)), a: target.a, b: target.b };
  if (count === 0) return new Uint8Array(STEPS * 3);
  const mean = sum / count;
  let scale = Math.min(SCALE_RANGE.max, Math.max(SCALE_RANGE.min, (goal.L + 16) / (mean + 16)));
  for (let attempt = 0; ; attempt++) {
    const fitted = fit(goal, histogram, count, mean, scale);
    if (fitted.error <= MAX_MEAN_ERROR || attempt === 8) return fitted.table;
    scale = attempt === 7 ? 0 : scale * 0.6;
  }
}

/** The mean colour's distance from the target (ΔE2000) that the fit accepts before narrowing the variation. */
const MAX_MEAN_ERROR = 0.5;

function fit(goal: Lab, histogram: Float64Array, count: number, mean: number, scale: number): { table: Uint8Array; error: number } {
  const table = new Uint8Array(STEPS * 3);
  const soft = softClip(goal.L);
  let offset = 0;
  let a = goal.a;
  let b = goal.b;
  let achieved: Lab = goal;
  let previous = Infinity;
  for (let round = 0; round < 40; round++) {
    let L = 0;
    let A = 0;
    let B = 0;
    for (let s = 0; s < STEPS; s++) {
      const h = histogram[s]!;
      if (h === 0) continue;
      const rgb = labToSrgb8(soft(goal.L + offset + scale * (s / 10 - mean)), a, b);
      const lab = srgbToLab(rgb);
      L += h * lab.L;
      A += h * lab.a;
      B += h * lab.b;
    }
    achieved = { L: L / count, a: A / count, b: B / count };
    const dL = goal.L - achieved.L;
    const da = goal.a - achieved.a;
    const db = goal.b - achieved.b;
    const worst = Math.max(Math.abs(dL), Math.abs(da), Math.abs(db));
    // Done, or stuck against the gamut's edge (then the caller narrows the variation).
    if (worst < 0.02 || (round >= 6 && worst > 0.9 * previous)) break;
    previous = worst;
    offset += dL;
    a = Math.max(-160, Math.min(160, a + da));
    b = Math.max(-160, Math.min(160, b + db));
  }
  // Every step gets the curve, also those only the feathered edge falls on.
  for (let s = 0; s < STEPS; s++) table.set(labToSrgb8(soft(goal.L + offset + scale * (s / 10 - mean)), a, b), s * 3);
  return { table, error: deltaE2000(goal, achieved) };
}

/** Identity in the middle, easing into 0 and 100 (tanh) over a band that narrows as the goal nears either end. */
function softClip(goal: number): (x: number) => number {
  const high = Math.min(15, Math.max(2, 0.8 * (100 - goal)));
  const low = Math.min(15, Math.max(2, 0.8 * goal));
  const top = 100 - high;
  return (x) => (x > top ? top + high * Math.tanh((x - top) / high) : x < low ? low - low * Math.tanh((low - x) / low) : x);
}

/** CIELAB to 8-bit sRGB; outside the gamut the chroma is reduced (lightness and hue kept) until it fits. */
function labToSrgb8(L: number, a: number, b: number): [number, number, number] {
  let rgb = labToLinear(L, a, b);
  if (!inGamut(rgb)) {
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 12; k++) {
      const mid = (lo + hi) / 2;
      if (inGamut(labToLinear(L, a * mid, b * mid))) lo = mid;
      else hi = mid;
    }
    rgb = labToLinear(L, a * lo, b * lo);
  }
  return [encode(rgb[0]), encode(rgb[1]), encode(rgb[2])];
}

function inGamut([r, g, b]: [number, number, number]): boolean {
  return r >= -1e-6 && r <= 1 + 1e-6 && g >= -1e-6 && g <= 1 + 1e-6 && b >= -1e-6 && b <= 1 + 1e-6;
}

function labToLinear(L: number, a: number, b: number): [number, number, number] {
  const fy = (L + 16) / 116;
  const x = 0.95047 * finv(fy + a / 500);
  const y = finv(fy);
  const z = 1.08883 * finv(fy - b / 200);
  return [3.2409699 * x - 1.5373832 * y - 0.4986108 * z, -0.9692436 * x + 1.8759675 * y + 0.0415551 * z, 0.0556301 * x - 0.2039770 * y + 1.0569715 * z];
}

function finv(t: number): number {
  return t > 6 / 29 ? t * t * t : (116 * t - 16) / (24389 / 27);
}

function encode(linear: number): number {
  const c = linear <= 0 ? 0 : linear >= 1 ? 1 : linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055;
  return Math.round(c * 255);
}

/*
 * Per-pixel lightness without a cube root: each channel's share of relative luminance Y from a table, scaled to
 * 0..65535, then Y → L* step from a second table.
 */
const Y_SCALE = 65535;
const linearTable = (weight: number) => {
  const t = new Int32Array(256);
  for (let c = 0; c < 256; c++) {
    const v = c / 255;
    t[c] = Math.round(weight * Y_SCALE * (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  }
  return t;
};
const LINEAR_Y_R = linearTable(0.212639);
const LINEAR_Y_G = linearTable(0.7151687);
const LINEAR_Y_B = linearTable(0.0721923);
const LIGHTNESS_STEP = (() => {
  // Two entries to spare: the three rounded shares of white may add up to a little more than the scale.
  const t = new Uint16Array(Y_SCALE + 3);
  for (let i = 0; i < t.length; i++) {
    const y = Math.min(1, i / Y_SCALE);
    const L = y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
    t[i] = Math.min(STEPS - 1, Math.round(L * 10));
  }
  return t;
})();
