import "server-only";
import sharp from "sharp";

/**
 * An imperceptible watermark carrying a result's 32-bit proof id in its pixels: spread-spectrum with a periodic
 * tile and a synchronisation template (Kutter, Jordan and Bossen, "Digital signature of color images using
 * amplitude modulation", J. Electronic Imaging 7(2), 1998; tiling and template for crops as in Kalker, Depovere,
 * Haitsma and Maes, "A video watermarking system for broadcast monitoring", SPIE 3657, 1999). Decision record 0039.
 *
 * A 128 px tile of smooth ±1 chips (8 px each, 16 × 16 per tile) repeats over the whole image: a template that
 * finds the tile's position, plus one pseudo-random pattern per payload bit (32 bits of id, 16 of CRC), signed
 * by the bit. It is added to the luminance at an RMS of AMPLITUDE levels (PSNR about 42 dB). To read it, the
 * image is high-passed and folded onto one tile (content averages out, the mark adds up), the template's
 * cyclic correlation gives the crop's offset, and each bit is the sign of its pattern's correlation there.
 * JPEG keeps the 8 px chips (low frequencies), a crop only moves the tile, a resize to 50 % is one of the
 * scales tried. Other rescalings than those listed in SCALES are not found.
 */

const CHIP = 8;
const CHIPS = 16;
const TILE = CHIP * CHIPS;
const BITS = 48;
const AMPLITUDE = 2.3;
/** The scales a result may have been resized to, tried in turn (1: as made; 0.5: halved by a portal or a phone; 2: a plain 2× upscale). */
const SCALES = [1, 0.5, 0.75, 2 / 3, 0.8, 2];
/** The template's peak over the tile's other offsets, in standard deviations: below it, nothing was found. */
const SYNC_THRESHOLD = 5;
/** Where the high-passed luminance is clipped before folding, in levels. */
const CLIP = 6;
/** The least certain bits tried flipped (Chase decoding) when the CRC does not match as read: 2^4 readings. */
const CHASE_BITS = 4;
/** Shares of the mark's power: the template's and the payload's. */
const SYNC_WEIGHT = 0.6;
const DATA_WEIGHT = 0.8;

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    // mulberry32
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Chip values (one per chip of the tile) smoothed by cyclic bilinear interpolation to the tile's pixels. */
function smooth(chips: Float32Array): Float32Array {
  const out = new Float32Array(TILE * TILE);
  const at = (cx: number, cy: number) => chips[((cy + CHIPS) % CHIPS) * CHIPS + ((cx + CHIPS) % CHIPS)]!;
  for (let y = 0; y < TILE; y++) {
    const v = (y + 0.5) / CHIP - 0.5;
    const y0 = Math.floor(v);
    const fy = v - y0;
    for (let x = 0; x < TILE; x++) {
      const u = (x + 0.5) / CHIP - 0.5;
      const x0 = Math.floor(u);
      const fx = u - x0;
      out[y * TILE + x] = (1 - fy) * ((1 - fx) * at(x0, y0) + fx * at(x0 + 1, y0)) + fy * ((1 - fx) * at(x0, y0 + 1) + fx * at(x0 + 1, y0 + 1));
    }
  }
  return out;
}

/**
 * The template covers every chip of the tile (±1); each chip also carries one payload bit (chips dealt to the
 * 48 bits in turn, in a shuffled order) times a ±1 spreading sign of its own.
 */
function makePatterns() {
  const random = prng(0x5a17);
  const sign = () => (random() < 0.5 ? -1 : 1);
  const syncChips = Float32Array.from({ length: CHIPS * CHIPS }, sign);
  const spread = Float32Array.from({ length: CHIPS * CHIPS }, sign);
  const order = Array.from({ length: CHIPS * CHIPS }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const bitOf = new Int32Array(CHIPS * CHIPS);
  order.forEach((chip, k) => (bitOf[chip] = k % BITS));
  const bits = Array.from({ length: BITS }, (_, b) => smooth(Float32Array.from(spread, (v, chip) => (bitOf[chip] === b ? v : 0))));
  const sync = smooth(syncChips);
  // Each bit's pattern covers its chips and their neighbours, a few percent of the tile: the places it is not zero.
  const covers = bits.map((pattern) => Int32Array.from(pattern.keys()).filter((i) => pattern[i] !== 0));
  return { sync, bits, covers, syncSpectrum: fft2(sync, new Float32Array(TILE * TILE)) };
}

let cache: ReturnType<typeof makePatterns> | undefined;
const patterns = () => (cache ??= makePatterns());

/** CRC-16/CCITT-FALSE of the 32-bit id: 16 more bits that a random reading matches once in 65,536. */
function crc16(value: number): number {
  let crc = 0xffff;
  for (let i = 3; i >= 0; i--) {
    crc ^= ((value >>> (i * 8)) & 0xff) << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

export function payloadBits(id: number): number[] {
  const crc = crc16(id);
  return Array.from({ length: BITS }, (_, i) => (i < 32 ? (id >>> (31 - i)) & 1 : (crc >>> (47 - i)) & 1));
}

/** The tile's signal for a payload, at an RMS of 1. */
function tileSignal(bits: number[]): Float32Array {
  const { sync, bits: bitPatterns, covers } = patterns();
  // Summed in the same order as over every bit at every place (what a bit adds where its pattern is zero is zero).
  const sum = Float64Array.from(sync, (v) => SYNC_WEIGHT * v);
  for (let b = 0; b < BITS; b++) {
    const weight = bits[b] ? DATA_WEIGHT : -DATA_WEIGHT;
    const pattern = bitPatterns[b]!;
    for (const i of covers[b]!) sum[i]! += weight * pattern[i]!;
  }
  const out = Float32Array.from(sum);
  const rms = Math.sqrt(out.reduce((s, v) => s + v * v, 0) / out.length);
  for (let i = 0; i < out.length; i++) out[i]! /= rms;
  return out;
}

/** A proof id as the 8 hexadecimal digits it is written with. */
export const proofIdText = (id: number) => id.toString(16).toUpperCase().padStart(8, "0");

/**
 * The image's pixels with the watermark of `id` (a 32-bit number) added to every channel alike (a change of
 * luminance, not of colour), as raw RGB at the image's size: the caller encodes it.
 */
export async function embedWatermark(options: { image: Buffer; id: number }): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(options.image).rotate().removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  const signal = tileSignal(payloadBits(options.id >>> 0));
  const { width, height, channels } = info;
  // Math.round(v + d) is v + Math.round(d) for a whole v: the tile's change in whole levels, rounded once per tile
  // position instead of once per pixel and channel; a clamped view of the pixels keeps each within 0..255.
  const steps = new Int16Array(TILE * TILE);
  for (let i = 0; i < steps.length; i++) steps[i] = Math.round(AMPLITUDE * signal[i]!);
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  for (let y = 0; y < height; y++) {
    const row = (y % TILE) * TILE;
    let at = y * width * channels;
    for (let x = 0, t = 0; x < width; x++, at += channels) {
      const delta = steps[row + t]!;
      if (++t === TILE) t = 0;
      if (delta === 0) continue;
      pixels[at]! += delta;
      pixels[at + 1]! += delta;
      pixels[at + 2]! += delta;
    }
  }
  return { data, width, height };
}

export type WatermarkReading =
  | { found: true; id: number; proofId: string; scale: number; strength: number; bits: number[] }
  | { found: false; strength: number; bits: number[] | null };

/** Luminance, high-passed (minus its mean over a 3-chip box) and folded onto one tile. */
function foldedTile(grey: Uint8Array, width: number, height: number): Float32Array {
  const r = Math.round(1.5 * CHIP);
  // Integral image for the box mean.
  const w1 = width + 1;
  const integral = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    for (let x = 0; x < width; x++) {
      rowSum += grey[y * width + x]!;
      integral[(y + 1) * w1 + x + 1] = integral[y * w1 + x + 1]! + rowSum;
    }
  }
  const acc = new Float32Array(TILE * TILE);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    const row = (y % TILE) * TILE;
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum = integral[y1 * w1 + x1]! - integral[y0 * w1 + x1]! - integral[y1 * w1 + x0]! + integral[y0 * w1 + x0]!;
      // Clipped: an edge's large swing would otherwise outweigh the mark's few levels around it.
      const value = grey[y * width + x]! - sum / ((y1 - y0) * (x1 - x0));
      acc[row + (x % TILE)]! += value > CLIP ? CLIP : value < -CLIP ? -CLIP : value;
    }
  }
  return acc;
}

type Spectrum = { re: Float32Array; im: Float32Array };

/** In-place radix-2 FFT of one row or column (length TILE), by stride. */
function fft1(re: Float32Array, im: Float32Array, offset: number, stride: number, inverse: boolean) {
  const n = TILE;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const a = offset + i * stride;
      const b = offset + j * stride;
      [re[a], re[b]] = [re[b]!, re[a]!];
      [im[a], im[b]] = [im[b]!, im[a]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = ((inverse ? 2 : -2) * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(angle * k);
        const wi = Math.sin(angle * k);
        const a = offset + (i + k) * stride;
        const b = offset + (i + k + len / 2) * stride;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a]! += tr;
        im[a]! += ti;
      }
    }
  }
}

function fft2(real: Float32Array, imag: Float32Array, inverse = false): Spectrum {
  const re = Float32Array.from(real);
  const im = Float32Array.from(imag);
  for (let y = 0; y < TILE; y++) fft1(re, im, y * TILE, 1, inverse);
  for (let x = 0; x < TILE; x++) fft1(re, im, x, TILE, inverse);
  return { re, im };
}

/** Where the template sits in the folded tile (cyclic cross-correlation by FFT) and how far its peak stands out. */
function locate(acc: Float32Array): { dx: number; dy: number; strength: number } {
  const a = fft2(acc, new Float32Array(TILE * TILE));
  const s = patterns().syncSpectrum;
  const re = new Float32Array(TILE * TILE);
  const im = new Float32Array(TILE * TILE);
  for (let i = 0; i < re.length; i++) {
    // A · conj(S)
    re[i] = a.re[i]! * s.re[i]! + a.im[i]! * s.im[i]!;
    im[i] = a.im[i]! * s.re[i]! - a.re[i]! * s.im[i]!;
  }
  const corr = fft2(re, im, true).re;
  let best = 0;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < corr.length; i++) {
    sum += corr[i]!;
    sumSq += corr[i]! * corr[i]!;
    if (corr[i]! > corr[best]!) best = i;
  }
  const mean = sum / corr.length;
  const std = Math.sqrt(Math.max(1e-12, sumSq / corr.length - mean * mean));
  return { dx: best % TILE, dy: Math.floor(best / TILE), strength: (corr[best]! - mean) / std };
}

/** The tile aligned on the template, the template's own share taken out (it would leak into every bit), then each bit's sign. */
function readBits(acc: Float32Array, dx: number, dy: number): number[] {
  const { sync, bits } = patterns();
  const aligned = new Float32Array(TILE * TILE);
  for (let y = 0; y < TILE; y++) for (let x = 0; x < TILE; x++) aligned[y * TILE + x] = acc[((y + dy) % TILE) * TILE + ((x + dx) % TILE)]!;
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < aligned.length; i++) {
    dot += aligned[i]! * sync[i]!;
    norm += sync[i]! * sync[i]!;
  }
  const gain = dot / norm;
  for (let i = 0; i < aligned.length; i++) aligned[i]! -= gain * sync[i]!;
  return bits.map((p) => {
    let c = 0;
    for (let i = 0; i < aligned.length; i++) c += aligned[i]! * p[i]!;
    return c;
  });
}

/** The payload's id when some reading of the bits (as read, or with some of the least certain flipped) passes the CRC. */
function decodePayload(soft: number[]): number | null {
  const hard: number[] = soft.map((c) => (c > 0 ? 1 : 0));
  const weakest = soft
    .map((c, i) => ({ i, c: Math.abs(c) }))
    .sort((a, b) => a.c - b.c)
    .slice(0, CHASE_BITS)
    .map((w) => w.i);
  for (let flips = 0; flips < 1 << CHASE_BITS; flips++) {
    const bits = hard.slice();
    weakest.forEach((bit, k) => {
      if (flips & (1 << k)) bits[bit] = 1 - bits[bit]!;
    });
    const id = bits.slice(0, 32).reduce((v, b) => ((v << 1) | b) >>> 0, 0);
    const crc = bits.slice(32).reduce((v, b) => (v << 1) | b, 0);
    if (crc === crc16(id)) return id;
  }
  return null;
}

/**
 * Looks for the watermark in an image (any format sharp reads), at each scale of SCALES: the id when the
 * template is found and the payload's CRC matches, otherwise `found: false` with the strongest template
 * peak seen (and the bits read there, for measuring bit errors).
 */
export async function readWatermark(options: { image: Buffer }): Promise<WatermarkReading> {
  const { data, info } = await sharp(options.image, { limitInputPixels: 40_000_000 }).rotate().greyscale().raw().toBuffer({ resolveWithObject: true });
  let weakest: { strength: number; bits: number[] | null } = { strength: 0, bits: null };
  for (const scale of SCALES) {
    const width = Math.round(info.width / scale);
    const height = Math.round(info.height / scale);
    if (width < TILE || height < TILE || width * height > 40_000_000) continue;
    const grey =
      scale === 1
        ? data
        : await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
            .resize(width, height, { kernel: "cubic" })
            .extractChannel(0)
            .raw()
            .toBuffer();
    const acc = foldedTile(grey, width, height);
    const { dx, dy, strength } = locate(acc);
    if (strength < SYNC_THRESHOLD) {
      if (strength > weakest.strength) weakest = { strength, bits: null };
      continue;
    }
    const soft = readBits(acc, dx, dy);
    const bits = soft.map((c) => (c > 0 ? 1 : 0));
    const id = decodePayload(soft);
    if (id !== null) return { found: true, id, proofId: proofIdText(id), scale, strength, bits };
    if (strength > weakest.strength) weakest = { strength, bits };
  }
  return { found: false, ...weakest };
}
