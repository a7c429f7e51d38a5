/** A straight segment at the working size: its ends, length in working pixels, and angle in 0..π (undirected). */
export type Segment = { x1: number; y1: number; x2: number; y2: number; length: number; angle: number; /** Mean gradient along it. */ strength: number };

/** Alignment tolerance while growing a region: pixels whose edge direction is within this of the region's. */
const GROW_TOLERANCE = Math.PI / 8;
/** A region must cover at least this share of its fitted rectangle (straight, not a curve or a blob). */
const MIN_DENSITY = 0.45;
/** Collinear pieces are joined across gaps of up to this share of the long side (a lamp in front of the ceiling line). */
const JOIN_GAP = 0.04;
const JOIN_ANGLE = (3 * Math.PI) / 180;
const JOIN_OFFSET_PX = 1.2;
/**
 * Pixels with a gradient in the picture's top 30 % count, and never below a faint step (about 4 grey levels);
 * a segment is strong when its mean gradient is in the top 15 % and above a step of about 8 grey levels.
 */
const GRADIENT_SHARE = 0.6;
const GRADIENT_FLOOR = 10;
const STRONG_SHARE = 0.7;
const STRONG_FLOOR = 24;

/**
 * Straight line segments of a luminance map, after the line segment detector of von Gioi et al. (LSD, IPOL
 * 2012) without its a-contrario validation: pixels with a strong gradient are grown into regions of a
 * common edge direction (strongest first), each region is fitted with its principal axis and kept when it is
 * straight (dense in its rectangle) and at least `minLength` long; then collinear pieces split by something in
 * front of them are joined. Polarity is ignored, so a wall painted darker than its window keeps its line.
 */
export function lineSegments({ lum, width, height, minLength }: { lum: Float32Array; width: number; height: number; minLength: number }): { segments: Segment[]; strong: number; edges: Uint8Array } {
  const size = width * height;
  lum = smooth(lum, width, height);
  const magnitude = new Float32Array(size);
  const gradientAngle = new Float32Array(size);
  // The edge's direction (along the edge), doubled so that opposite polarities agree: kept as its cos and sin.
  const dirCos = new Float32Array(size);
  const dirSin = new Float32Array(size);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = lum[i - width - 1]!;
      const c = lum[i - width + 1]!;
      const g = lum[i + width - 1]!;
      const k = lum[i + width + 1]!;
      const gx = c + 2 * lum[i + 1]! + k - a - 2 * lum[i - 1]! - g;
      const gy = g + 2 * lum[i + width]! + k - a - 2 * lum[i - width]! - c;
      const m = Math.sqrt(gx * gx + gy * gy);
      magnitude[i] = m;
      gradientAngle[i] = Math.atan2(gy, gx);
      if (m > 0) {
        // Doubled gradient angle: cos 2θ, sin 2θ from the normalized gradient.
        const nx = gx / m;
        const ny = gy / m;
        dirCos[i] = nx * nx - ny * ny;
        dirSin[i] = 2 * nx * ny;
      }
    }
  }
  const threshold = Math.max(GRADIENT_FLOOR, percentile(magnitude, GRADIENT_SHARE));
  const strong = Math.max(STRONG_FLOOR, percentile(magnitude, STRONG_SHARE));
  const candidates: number[] = [];
  for (let i = 0; i < size; i++) if (magnitude[i]! >= threshold) candidates.push(i);
  candidates.sort((p, q) => magnitude[q]! - magnitude[p]!);

  const used = new Uint8Array(size);
  const cosTolerance = Math.cos(2 * GROW_TOLERANCE);
  const segments: Segment[] = [];
  const region: number[] = [];
  for (const seed of candidates) {
    if (used[seed]) continue;
    region.length = 0;
    region.push(seed);
    used[seed] = 1;
    let sumCos = dirCos[seed]!;
    let sumSin = dirSin[seed]!;
    for (let r = 0; r < region.length; r++) {
      const p = region[r]!;
      const px = p % width;
      const py = (p - px) / width;
      const norm = Math.hypot(sumCos, sumSin) || 1;
      const rc = sumCos / norm;
      const rs = sumSin / norm;
      for (let dy = -1; dy <= 1; dy++) {
        const qy = py + dy;
        if (qy < 1 || qy >= height - 1) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const qx = px + dx;
          if ((dx === 0 && dy === 0) || qx < 1 || qx >= width - 1) continue;
          const q = qy * width + qx;
          if (used[q] || magnitude[q]! < threshold) continue;
          if (dirCos[q]! * rc + dirSin[q]! * rs < cosTolerance) continue;
          used[q] = 1;
          region.push(q);
          sumCos += dirCos[q]!;
          sumSin += dirSin[q]!;
        }
      }
    }
    if (region.length < minLength) continue;
    const segment = fit(region, magnitude, width);
    if (segment && segment.length >= minLength) segments.push(segment);
  }
  return { segments: join(segments, Math.max(width, height) * JOIN_GAP), strong, edges: thinEdges(magnitude, gradientAngle, threshold * EDGE_SHARE, width, height) };
}

/** Edges count from this share of the segments' threshold: a line the other picture has more faintly (a restyle lowers contrast) is there. */
const EDGE_SHARE = 0.5;

/** Orientation bins of the edges map, over 180° of a line's direction. */
export const EDGE_BINS = 16;

/**
 * The edge pixels: gradients above the threshold thinned to their ridge (no stronger neighbour across the
 * edge), each with the orientation bin of the line through it (0..EDGE_BINS-1), 255 where there is none.
 */
function thinEdges(magnitude: Float32Array, gradientAngle: Float32Array, threshold: number, width: number, height: number): Uint8Array {
  const bins = new Uint8Array(width * height).fill(255);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const m = magnitude[i]!;
      if (m < threshold) continue;
      let theta = gradientAngle[i]!;
      if (theta < 0) theta += Math.PI;
      const step = Math.round((theta / Math.PI) * 4) % 4;
      const across = step === 0 ? 1 : step === 1 ? width + 1 : step === 2 ? width : width - 1;
      if (magnitude[i - across]! > m || magnitude[i + across]! >= m) continue;
      // The line runs across the gradient.
      let line = theta + Math.PI / 2;
      if (line >= Math.PI) line -= Math.PI;
      bins[i] = Math.round((line / Math.PI) * EDGE_BINS) % EDGE_BINS;
    }
  }
  return bins;
}

/** The region's principal axis (weighted by gradient), its extent along it; undefined when it is not a straight strip. */
function fit(region: number[], magnitude: Float32Array, width: number): Segment | undefined {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (const p of region) {
    const w = magnitude[p]!;
    sw += w;
    sx += w * (p % width);
    sy += w * Math.floor(p / width);
  }
  const cx = sx / sw;
  const cy = sy / sw;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (const p of region) {
    const w = magnitude[p]!;
    const dx = (p % width) - cx;
    const dy = Math.floor(p / width) - cy;
    xx += w * dx * dx;
    yy += w * dy * dy;
    xy += w * dx * dy;
  }
  const theta = 0.5 * Math.atan2(2 * xy, xx - yy);
  const ux = Math.cos(theta);
  const uy = Math.sin(theta);
  let lo = Infinity;
  let hi = -Infinity;
  let across = 0;
  for (const p of region) {
    const dx = (p % width) - cx;
    const dy = Math.floor(p / width) - cy;
    const t = dx * ux + dy * uy;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
    across = Math.max(across, Math.abs(-dx * uy + dy * ux));
  }
  const length = hi - lo + 1;
  if (region.length < MIN_DENSITY * length * Math.max(2, 2 * across)) return undefined;
  return make(cx + lo * ux, cy + lo * uy, cx + hi * ux, cy + hi * uy, sw / region.length);
}

function make(x1: number, y1: number, x2: number, y2: number, strength: number): Segment {
  let angle = Math.atan2(y2 - y1, x2 - x1);
  if (angle < 0) angle += Math.PI;
  if (angle >= Math.PI) angle -= Math.PI;
  return { x1, y1, x2, y2, length: Math.hypot(x2 - x1, y2 - y1), angle, strength };
}

export function angleGap(a: number, b: number): number {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
}

/** Collinear pieces (close in angle and offset) with a gap of at most `gap` between them become one, longest first. */
function join(segments: Segment[], gap: number): Segment[] {
  const pieces: Segment[] = [];
  for (const segment of segments.toSorted((a, b) => b.length - a.length)) {
    let merged = false;
    for (let i = 0; i < pieces.length && !merged; i++) {
      const joined = joinPair(pieces[i]!, segment, gap);
      if (joined) {
        pieces[i] = joined;
        merged = true;
      }
    }
    if (!merged) pieces.push(segment);
  }
  return pieces;
}

function joinPair(a: Segment, b: Segment, gap: number): Segment | undefined {
  if (angleGap(a.angle, b.angle) > JOIN_ANGLE) return undefined;
  const ux = (a.x2 - a.x1) / a.length;
  const uy = (a.y2 - a.y1) / a.length;
  const offset = (x: number, y: number) => Math.abs(-(x - a.x1) * uy + (y - a.y1) * ux);
  if (offset(b.x1, b.y1) > JOIN_OFFSET_PX || offset(b.x2, b.y2) > JOIN_OFFSET_PX) return undefined;
  const t1 = (b.x1 - a.x1) * ux + (b.y1 - a.y1) * uy;
  const t2 = (b.x2 - a.x1) * ux + (b.y2 - a.y1) * uy;
  const lo = Math.min(0, t1, t2);
  const hi = Math.max(a.length, t1, t2);
  const between = Math.max(Math.min(t1, t2) - a.length, -Math.max(t1, t2));
  if (between > gap) return undefined;
  const strength = (a.strength * a.length + b.strength * b.length) / (a.length + b.length);
  return make(a.x1 + lo * ux, a.y1 + lo * uy, a.x1 + hi * ux, a.y1 + hi * uy, strength);
}

/** A 3×3 binomial blur: film grain and JPEG blocks at the working size are not edges. */
function smooth(lum: Float32Array, width: number, height: number): Float32Array {
  const across = new Float32Array(lum.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      across[i] = (lum[x > 0 ? i - 1 : i]! + 2 * lum[i]! + lum[x < width - 1 ? i + 1 : i]!) / 4;
    }
  }
  const out = new Float32Array(lum.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      out[i] = (across[y > 0 ? i - width : i]! + 2 * across[i]! + across[y < height - 1 ? i + width : i]!) / 4;
    }
  }
  return out;
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
