import type { RawImage, RawMask } from "./types";

/*
 * The sky of an outdoor photo, found without AI from brightness, saturation and position: the sky is a bright,
 * smooth region that touches the top of the photo and is either a neutral or cool grey (overcast, blown out) or blue. At
 * half size, a flood from the top row takes each pixel whose luminance gradient is small, that is bright enough,
 * grey or blue, and close in luminance to the neighbour it came from; roofs, walls, trees and hedges stop it at
 * their edges. Back at full size, the pixels along the found edge are given to whichever side's local mean
 * colour they are nearer. Measured on exteriors with exact sky masks (tests, bench/sky.ts): IoU ≥ 0.9.
 */

/** Central-difference luminance gradient (levels per half-size pixel) above which a pixel is an edge, not sky. */
const EDGE = 5;
/** Largest luminance step between neighbouring sky pixels, in levels. */
const STEP = 6;
/** Darkest luminance a sky pixel may have (a dusk sky is out of scope: it is what twilight makes). */
const MIN_LUMA = 95;
/** Saturation ((max − min) / max) a grey sky stays under; bluer pixels may have more. */
const GREY_SATURATION = 0.16;
/** How much redder than blue (levels) a grey sky may be. */
const WARMEST = 8;
/** Less of the photo than this is no sky worth replacing. */
const MIN_SKY_SHARE = 0.03;
/** How far across the found edge (full-size pixels) the colour decides. */
const EDGE_BAND = 2;

export type FoundSky = {
  /** 255 = sky, full size. */
  mask: RawMask;
  /** Share of the photo that is sky, 0..1. */
  share: number;
  /** The sky's mean colour (sRGB) and its lowest row (the horizon the new sky's gradient ends at). */
  mean: [number, number, number];
  bottom: number;
};

/** The photo's sky, or null when it has none worth replacing (an interior, or too little of it). */
export function findSky({ image }: { image: RawImage }): FoundSky | null {
  const { data, width: W, height: H } = image;
  const w = Math.max(1, W >> 1);
  const h = Math.max(1, H >> 1);
  // Half size: luminance, and whether the colour may be sky's (grey or blue, bright enough).
  const luma = new Float32Array(w * h);
  const colourOk = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < 2; dy++) {
        const row = Math.min(H - 1, 2 * y + dy) * W;
        for (let dx = 0; dx < 2; dx++) {
          const i = (row + Math.min(W - 1, 2 * x + dx)) * 3;
          r += data[i]!;
          g += data[i + 1]!;
          b += data[i + 2]!;
        }
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const k = y * w + x;
      const Y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      luma[k] = Y;
      const max = Math.max(r, g, b);
      const saturation = max > 0 ? (max - Math.min(r, g, b)) / max : 0;
      const blue = b >= g && b > r + 8;
      // Grey skies are neutral or cool; a warm grey is a wall or a ceiling.
      const grey = saturation <= GREY_SATURATION && b >= r - WARMEST;
      colourOk[k] = Y >= MIN_LUMA && (grey || blue) ? 1 : 0;
    }
  }
  const smooth = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      const gx = (luma[y * w + Math.min(w - 1, x + 1)]! - luma[y * w + Math.max(0, x - 1)]!) / 2;
      const gy = (luma[Math.min(h - 1, y + 1) * w + x]! - luma[Math.max(0, y - 1) * w + x]!) / 2;
      smooth[k] = colourOk[k] && Math.max(Math.abs(gx), Math.abs(gy)) < EDGE ? 1 : 0;
    }
  }
  // The flood from the top row.
  const coarse = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  for (let x = 0; x < w; x++) {
    if (smooth[x]) {
      coarse[x] = 1;
      queue[tail++] = x;
    }
  }
  // Inline neighbours (no closure per pixel: this loop visits every sky pixel).
  while (head < tail) {
    const k = queue[head++]!;
    const x = k % w;
    const Y = luma[k]!;
    for (let n = 0; n < 4; n++) {
      const q = n === 0 ? (x > 0 ? k - 1 : -1) : n === 1 ? (x < w - 1 ? k + 1 : -1) : n === 2 ? k - w : k < (h - 1) * w ? k + w : -1;
      if (q < 0 || coarse[q] || !smooth[q] || Math.abs(luma[q]! - Y) > STEP) continue;
      coarse[q] = 1;
      queue[tail++] = q;
    }
  }
  if (tail / (w * h) < MIN_SKY_SHARE) return null;
  addEnclosedSky({ coarse, smooth, luma, w, h, queue });

  // Full size: the coarse label, then the band along its edge decided by colour.
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const row = Math.min(h - 1, y >> 1) * w;
    const out = y * W;
    for (let x = 0; x < W; x++) mask[out + x] = coarse[row + Math.min(w - 1, x >> 1)] ? 255 : 0;
  }
  refineEdge(image, mask);

  let count = 0;
  let bottom = 0;
  let sr = 0;
  let sg = 0;
  let sb = 0;
  for (let y = 0; y < H; y++) {
    for (let i = y * W; i < (y + 1) * W; i++) {
      if (!mask[i]) continue;
      count++;
      sr += data[i * 3]!;
      sg += data[i * 3 + 1]!;
      sb += data[i * 3 + 2]!;
      bottom = y;
    }
  }
  const share = count / (W * H);
  if (share < MIN_SKY_SHARE) return null;
  const mean: [number, number, number] = [sr / count, sg / count, sb / count];
  // The sky is the brightest large region of a daylight exterior: a ceiling or wall the flood took is not.
  if (0.2126 * mean[0] + 0.7152 * mean[1] + 0.0722 * mean[2] < percentileLuma(image, 0.9) * 0.92) return null;
  return { mask: { data: mask, width: W, height: H }, share, mean, bottom };
}

/**
 * Pockets of sky the flood could not reach (between a tree's crown and a roof): smooth, sky-coloured regions of
 * some size whose mean luminance is within a few levels of the found sky's in the same rows.
 */
function addEnclosedSky(o: { coarse: Uint8Array; smooth: Uint8Array; luma: Float32Array; w: number; h: number; queue: Int32Array }): void {
  const { coarse, smooth, luma, w, h, queue } = o;
  const rowSum = new Float64Array(h);
  const rowCount = new Uint32Array(h);
  for (let k = 0; k < w * h; k++) {
    if (!coarse[k]) continue;
    const y = (k / w) | 0;
    rowSum[y]! += luma[k]!;
    rowCount[y]! += 1;
  }
  const seen = new Uint8Array(w * h);
  const minSize = Math.max(16, Math.round(w * h * 0.0005));
  for (let start = 0; start < w * h; start++) {
    if (coarse[start] || !smooth[start] || seen[start]) continue;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    seen[start] = 1;
    let sum = 0;
    let rows = 0;
    let rowsCounted = 0;
    while (head < tail) {
      const k = queue[head++]!;
      sum += luma[k]!;
      const y = (k / w) | 0;
      if (rowCount[y]) {
        rows += rowSum[y]! / rowCount[y]!;
        rowsCounted++;
      }
      const x = k % w;
      for (let n = 0; n < 4; n++) {
        const q = n === 0 ? (x > 0 ? k - 1 : -1) : n === 1 ? (x < w - 1 ? k + 1 : -1) : n === 2 ? k - w : k < (h - 1) * w ? k + w : -1;
        if (q < 0 || seen[q] || coarse[q] || !smooth[q]) continue;
        seen[q] = 1;
        queue[tail++] = q;
      }
    }
    if (tail < minSize || rowsCounted < tail / 2) continue;
    if (Math.abs(sum / tail - rows / rowsCounted) > POCKET_LUMA) continue;
    for (let i = 0; i < tail; i++) coarse[queue[i]!] = 1;
  }
}

/** How far a pocket's mean luminance may be from the sky's in its rows, in levels. */
const POCKET_LUMA = 8;

/** Pixels within EDGE_BAND of the coarse edge go to the side whose mean colour around them (7×7) is nearer. */
function refineEdge(image: RawImage, mask: Uint8Array): void {
  const { data, width: W, height: H } = image;
  const band = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const v = mask[i];
      if (!((x > 0 && mask[i - 1] !== v) || (y > 0 && mask[i - W] !== v))) continue;
      for (let qy = Math.max(0, y - EDGE_BAND); qy <= Math.min(H - 1, y + EDGE_BAND); qy++) band.fill(1, qy * W + Math.max(0, x - EDGE_BAND), qy * W + Math.min(W - 1, x + EDGE_BAND) + 1);
    }
  }
  const decided = mask.slice();
  const R = 3;
  for (let i = 0; i < W * H; i++) {
    if (!band[i]) continue;
    const x = i % W;
    const y = (i - x) / W;
    let sr = 0, sg = 0, sb = 0, sn = 0, rr = 0, rg = 0, rb = 0, rn = 0;
    for (let qy = Math.max(0, y - R); qy <= Math.min(H - 1, y + R); qy++) {
      for (let qx = Math.max(0, x - R); qx <= Math.min(W - 1, x + R); qx++) {
        const q = qy * W + qx;
        const o = q * 3;
        if (mask[q]) {
          sr += data[o]!;
          sg += data[o + 1]!;
          sb += data[o + 2]!;
          sn++;
        } else {
          rr += data[o]!;
          rg += data[o + 1]!;
          rb += data[o + 2]!;
          rn++;
        }
      }
    }
    if (!sn || !rn) continue;
    const o = i * 3;
    const toSky = (data[o]! - sr / sn) ** 2 + (data[o + 1]! - sg / sn) ** 2 + (data[o + 2]! - sb / sn) ** 2;
    const toRest = (data[o]! - rr / rn) ** 2 + (data[o + 1]! - rg / rn) ** 2 + (data[o + 2]! - rb / rn) ** 2;
    decided[i] = toSky <= toRest ? 255 : 0;
  }
  mask.set(decided);
}

/** The luminance below which `fraction` of the photo's pixels lie (sampled every 7th pixel). */
function percentileLuma(image: RawImage, fraction: number): number {
  const histogram = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < image.width * image.height; i += 7) {
    histogram[Math.round(0.2126 * image.data[i * 3]! + 0.7152 * image.data[i * 3 + 1]! + 0.0722 * image.data[i * 3 + 2]!)]! += 1;
    n++;
  }
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen >= n * fraction) return v;
  }
  return 255;
}
