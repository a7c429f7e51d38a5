import { deltaE2000, srgbToLab } from "./cielab";
import type { SkyKind } from "@/config/modes/sky";
import type { RawImage, RawMask } from "./types";

/*
 * A new sky without AI: a gradient from the zenith's colour at the top of the photo to the horizon's at the
 * sky's lowest row (with soft clouds for `light-clouds`), composited into the sky mask with a 1-pixel soft edge,
 * and the rest of the photo relit towards the new light: a white balance and exposure of the sky's kind, by an
 * amount measured from how dull the old sky was (a grey or blown-out sky gets all of it, a sky already blue
 * little), then lessened until the relit rest's mean CIEDE2000 difference from the photo is within MAX_RELIGHT_DE.
 */

type Rgb = readonly [number, number, number];
/** Colour stops from the top of the photo (0) to the horizon (1), and the light the rest takes: per-channel gains in linear light. */
const looks: Record<SkyKind, { stops: readonly (readonly [number, Rgb])[]; gains: Rgb; clouds: number }> = {
  clear: { stops: [[0, [46, 108, 196]], [0.55, [104, 160, 222]], [1, [190, 218, 240]]], gains: [1.08, 1.04, 0.96], clouds: 0 },
  "light-clouds": { stops: [[0, [62, 122, 200]], [0.6, [124, 172, 224]], [1, [200, 222, 238]]], gains: [1.05, 1.03, 0.98], clouds: 0.55 },
  sunset: { stops: [[0, [58, 72, 130]], [0.45, [196, 112, 110]], [0.8, [246, 164, 96]], [1, [255, 214, 150]]], gains: [1.14, 0.98, 0.82], clouds: 0 },
};

/** Within this mean ΔE2000 of the photo, the rest is relit, not repainted. */
export const MAX_RELIGHT_DE = 5.5;

/** The photo with its sky replaced and the rest relit; `relight` says by how much (0..1 of the look's full light) and the rest's measured mean ΔE2000. */
export function replaceSky(options: { image: RawImage; sky: RawMask; kind: SkyKind; seed: number; oldSkyMean: Rgb; horizon: number }): { image: RawImage; relight: number; restDeltaE: number } {
  const { image, sky, kind } = options;
  const { data, width: W, height: H } = image;
  const look = looks[kind];
  // A dull sky (grey, low chroma, bright) gets the whole relight; a blue one less.
  const old = srgbToLab(options.oldSkyMean);
  const dullness = Math.max(0.2, Math.min(1, 1 - Math.hypot(old.a, old.b) / 30));
  let amount = dullness;
  let tables = relightTables(look.gains, amount);
  let restDeltaE = meanDeltaE(image, sky, tables);
  for (let i = 0; i < 8 && restDeltaE > MAX_RELIGHT_DE; i++) {
    amount *= 0.8;
    tables = relightTables(look.gains, amount);
    restDeltaE = meanDeltaE(image, sky, tables);
  }

  const out = Buffer.allocUnsafe(data.length);
  // Beside the sky, pixels of the old sky's colour the finder left out (specks along a tree's edge, gaps between
  // leaves) take the new sky: those close to the old sky's colour wholly (they join the mask before its soft
  // edge), those farther off in part. Otherwise a grey halo stays around the crowns.
  const { filled, spill } = skySpill(image, sky, options.oldSkyMean);
  const alpha = softEdge({ data: filled, width: W, height: H });
  const horizon = Math.max(1, options.horizon);
  const clouds = look.clouds > 0 ? cloudField(W, H, options.seed) : null;
  for (let y = 0; y < H; y++) {
    const colour = gradientAt(look.stops, Math.min(1, y / horizon));
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const o = i * 3;
      const a = alpha[i]! / 255;
      let r = tables[0]![data[o]!]!;
      let g = tables[1]![data[o + 1]!]!;
      let b = tables[2]![data[o + 2]!]!;
      // A pixel added to the sky takes it wholly, even alone among leaves (where the soft edge would thin it).
      const mix = Math.max(a, spill[i]! / 255);
      if (mix > 0) {
        let sr = colour[0];
        let sg = colour[1];
        let sb = colour[2];
        if (clouds) {
          const c = clouds[i]! * look.clouds;
          sr += (250 - sr) * c;
          sg += (250 - sg) * c;
          sb += (252 - sb) * c;
        }
        r = r * (1 - mix) + sr * mix;
        g = g * (1 - mix) + sg * mix;
        b = b * (1 - mix) + sb * mix;
      }
      out[o] = r;
      out[o + 1] = g;
      out[o + 2] = b;
    }
  }
  return { image: { data: out, width: W, height: H, channels: 3 }, relight: amount, restDeltaE };
}

/** Per-channel lookup tables: the gains applied in linear light, `amount` of the way. */
function relightTables(gains: Rgb, amount: number): Uint8Array[] {
  return gains.map((gain) => {
    const g = 1 + (gain - 1) * amount;
    const table = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      const linear = toLinear(v) * g;
      table[v] = Math.round(Math.max(0, Math.min(255, fromLinear(Math.min(1, linear)) * 255)));
    }
    return table;
  });
}

/** Mean ΔE2000 between the photo and the relit photo outside the sky, on a sample of its colours (every 97th pixel). */
function meanDeltaE(image: RawImage, sky: RawMask, tables: Uint8Array[]): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < image.width * image.height; i += 97) {
    if (sky.data[i]) continue;
    const o = i * 3;
    const before = [image.data[o]!, image.data[o + 1]!, image.data[o + 2]!] as const;
    const after = [tables[0]![before[0]]!, tables[1]![before[1]]!, tables[2]![before[2]]!] as const;
    sum += deltaE2000(srgbToLab(before), srgbToLab(after));
    n++;
  }
  return n ? sum / n : 0;
}

/** How far from the found sky (pixels) a left-out pixel of the old sky's colour still takes the new sky. */
const SPILL_RADIUS = 4;
/** Such a pixel within this RGB distance of the old sky's mean colour takes the new sky wholly… */
const SPILL_WHOLE = 30;
/** …and none of it from this distance on (a leaf's or a wall's own colour). */
const SPILL_NONE = 60;

/**
 * The sky mask with the left-out pixels of the old sky's colour beside it added (`filled`), and how much of the
 * new sky (0..255) the ones a little farther from that colour take (`spill`).
 */
function skySpill(image: RawImage, sky: RawMask, oldSkyMean: Rgb): { filled: Uint8Array; spill: Uint8Array } {
  const { data } = image;
  const near = nearSky(sky, SPILL_RADIUS);
  const [oldR, oldG, oldB] = oldSkyMean;
  const filled = Uint8Array.from(sky.data);
  const spill = new Uint8Array(filled.length);
  for (let i = 0; i < filled.length; i++) {
    if (filled[i] || !near[i]) continue;
    const dr = data[i * 3]! - oldR;
    const dg = data[i * 3 + 1]! - oldG;
    const db = data[i * 3 + 2]! - oldB;
    const d2 = dr * dr + dg * dg + db * db;
    if (d2 < SPILL_WHOLE * SPILL_WHOLE) {
      filled[i] = 1;
      spill[i] = 255;
    } else if (d2 < SPILL_NONE * SPILL_NONE) spill[i] = Math.round((255 * (SPILL_NONE - Math.sqrt(d2))) / (SPILL_NONE - SPILL_WHOLE));
  }
  return { filled, spill };
}

/** Whether each pixel lies within `radius` pixels (a square) of the sky: the mask dilated by a separable max. */
function nearSky(mask: RawMask, radius: number): Uint8Array {
  const { data, width: W, height: H } = mask;
  const across = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) dilateLine(data, across, y * W, 1, W, radius);
  const out = new Uint8Array(W * H);
  for (let x = 0; x < W; x++) dilateLine(across, out, x, W, H, radius);
  return out;
}

/**
 * Marks in `to` each of the `count` cells of one line (`from[start + k * step]`) that lies within `radius` cells of a
 * set cell of `from`: two sweeps, the nearest set cell before it, then after it.
 */
function dilateLine(from: ArrayLike<number>, to: Uint8Array, start: number, step: number, count: number, radius: number): void {
  let last = -Infinity;
  for (let k = 0; k < count; k++) {
    if (from[start + k * step]) last = k;
    if (k - last <= radius) to[start + k * step] = 1;
  }
  last = Infinity;
  for (let k = count - 1; k >= 0; k--) {
    if (from[start + k * step]) last = k;
    if (last - k <= radius) to[start + k * step] = 1;
  }
}

/** The mask with a 1-pixel soft edge (a 3×3 mean), so the new sky meets roofs and leaves without a staircase. */
function softEdge(mask: RawMask): Uint8Array {
  const { data, width: W, height: H } = mask;
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const v = data[i]!;
      const edge = (x > 0 && data[i - 1] !== v) || (x < W - 1 && data[i + 1] !== v) || (y > 0 && data[i - W] !== v) || (y < H - 1 && data[i + W] !== v);
      if (!edge) {
        out[i] = v ? 255 : 0;
        continue;
      }
      let sum = 0;
      let count = 0;
      for (let qy = Math.max(0, y - 1); qy <= Math.min(H - 1, y + 1); qy++) {
        for (let qx = Math.max(0, x - 1); qx <= Math.min(W - 1, x + 1); qx++) {
          sum += data[qy * W + qx]! ? 255 : 0;
          count++;
        }
      }
      out[i] = Math.round(sum / count);
    }
  }
  return out;
}

function gradientAt(stops: readonly (readonly [number, Rgb])[], t: number): [number, number, number] {
  for (let k = 1; k < stops.length; k++) {
    const [t1, c1] = stops[k]!;
    const [t0, c0] = stops[k - 1]!;
    if (t <= t1) {
      const f = (t - t0) / (t1 - t0 || 1);
      return [c0[0] + (c1[0] - c0[0]) * f, c0[1] + (c1[1] - c0[1]) * f, c0[2] + (c1[2] - c0[2]) * f];
    }
  }
  const last = stops.at(-1)![1];
  return [last[0], last[1], last[2]];
}

/** Soft clouds, 0..1: value noise on a coarse lattice, two octaves, bilinear, thresholded so that most of the sky stays clear. The seed moves them. */
function cloudField(W: number, H: number, seed: number): Float32Array {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const octave = (cell: number) => {
    const gw = Math.ceil(W / 4 / cell) + 2;
    const gh = Math.ceil(H / 4 / (cell * 0.45)) + 2;
    const lattice = Float32Array.from({ length: gw * gh }, next);
    return { cell, gw, lattice };
  };
  // Made at a quarter of the size and stretched: clouds this soft lose nothing.
  const w = Math.ceil(W / 4);
  const h = Math.ceil(H / 4);
  const octaves = [octave(Math.max(w, h) / 5), octave(Math.max(w, h) / 14)];
  const small = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = 0;
      for (let k = 0; k < 2; k++) {
        const { cell, gw, lattice } = octaves[k]!;
        const fx = x / cell;
        const fy = y / (cell * 0.45);
        const ix = Math.floor(fx);
        const iy = Math.floor(fy);
        const tx = fx - ix;
        const ty = fy - iy;
        const a = lattice[iy * gw + ix]!;
        const b = lattice[iy * gw + ix + 1]!;
        const c = lattice[(iy + 1) * gw + ix]!;
        const d = lattice[(iy + 1) * gw + ix + 1]!;
        v += (a + (b - a) * tx + (c - a + (a - b - c + d) * tx) * ty) * (k === 0 ? 0.7 : 0.3);
      }
      small[y * w + x] = Math.max(0, Math.min(1, (v - 0.55) * 3));
    }
  }
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    const sy = Math.min(h - 1, y / 4);
    const y0 = Math.floor(sy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = sy - y0;
    for (let x = 0; x < W; x++) {
      const sx = Math.min(w - 1, x / 4);
      const x0 = Math.floor(sx);
      const x1 = Math.min(w - 1, x0 + 1);
      const tx = sx - x0;
      const top = small[y0 * w + x0]! + (small[y0 * w + x1]! - small[y0 * w + x0]!) * tx;
      const bottom = small[y1 * w + x0]! + (small[y1 * w + x1]! - small[y1 * w + x0]!) * tx;
      out[y * W + x] = top + (bottom - top) * ty;
    }
  }
  return out;
}

function toLinear(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function fromLinear(c: number): number {
  return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
}
