/** A bright, roughly rectangular region at the working size: its box (inclusive pixels) and pixel indices. */
export type Opening = { left: number; top: number; right: number; bottom: number; pixels: Int32Array; contrast: number };

/** An opening is at least this share of the picture, this high and this wide. */
const MIN_AREA = 0.008;
const MIN_HEIGHT = 0.08;
const MIN_WIDTH = 0.04;
/** Its top is above this share of the height (a light floor or rug is not an opening), and it is at most this share of the picture. */
const MAX_TOP = 0.6;
const MAX_AREA = 0.4;
/** It fills this much of its box (a window, not a light wall around furniture). */
const MIN_FILL = 0.5;
/** It is this much brighter (grey levels) than a ring just outside its box. */
const MIN_CONTRAST = 28;
const RING_PX = 3;
/** Glazing bars and frames between panes up to twice this wide (working px) are closed over. */
const BAR_PX = 2;

/**
 * Windows and glazed doors as a photo shows them: connected regions clearly brighter than the rest (the top
 * tenth of the picture's luminance, and above a mid grey), nearly filling their bounding box, and brighter
 * than a ring around that box. Lamps and highlights are too small; a light wall seen around furniture does not
 * fill its box.
 */
export function brightOpenings({ lum, width, height }: { lum: Float32Array; width: number; height: number }): Opening[] {
  const threshold = Math.max(140, percentile(lum, 0.88));
  const size = width * height;
  const bright = new Uint8Array(size);
  for (let i = 0; i < size; i++) bright[i] = lum[i]! >= threshold ? 1 : 0;
  // Closed over glazing bars and frames between panes: a window is one opening, not four.
  const closed = grow(grow(bright, width, height, BAR_PX, 1), width, height, BAR_PX, 0);
  const label = new Int32Array(size).fill(-1);
  const openings: Opening[] = [];
  const stack: number[] = [];
  const members: number[] = [];
  for (let seed = 0; seed < size; seed++) {
    if (label[seed] !== -1 || !closed[seed]) continue;
    members.length = 0;
    stack.push(seed);
    label[seed] = seed;
    let left = width;
    let right = 0;
    let top = height;
    let bottom = 0;
    while (stack.length) {
      const p = stack.pop()!;
      members.push(p);
      const x = p % width;
      const y = (p - x) / width;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1]) {
        if (q < 0 || label[q] !== -1 || !closed[q]) continue;
        label[q] = seed;
        stack.push(q);
      }
    }
    const boxWidth = right - left + 1;
    const boxHeight = bottom - top + 1;
    if (members.length < MIN_AREA * size || boxHeight < MIN_HEIGHT * height || boxWidth < MIN_WIDTH * width) continue;
    if (members.length < MIN_FILL * boxWidth * boxHeight || top > MAX_TOP * height || members.length > MAX_AREA * size) continue;
    const pixels = Int32Array.from(members);
    const contrast = contrastOf(lum, width, height, pixels, { left, top, right, bottom });
    if (contrast >= MIN_CONTRAST) openings.push({ left, top, right, bottom, pixels, contrast });
  }
  return openings;
}

/** The mask grown (value 1: dilation) or shrunk (value 0: erosion of the ones) by a square of `radius`, across then down. */
function grow(mask: Uint8Array, width: number, height: number, radius: number, value: 0 | 1): Uint8Array {
  const across = new Uint8Array(mask.length).fill(1 - value);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let hit = false;
      for (let k = Math.max(0, x - radius); k <= Math.min(width - 1, x + radius) && !hit; k++) hit = mask[y * width + k] === value;
      if (hit) across[y * width + x] = value;
    }
  }
  const out = new Uint8Array(mask.length).fill(1 - value);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let hit = false;
      for (let k = Math.max(0, y - radius); k <= Math.min(height - 1, y + radius) && !hit; k++) hit = across[k * width + x] === value;
      if (hit) out[y * width + x] = value;
    }
  }
  return out;
}

/** Mean luminance of `pixels` less the mean of a ring just outside their box (the box's sides at the picture's edge have none). */
export function contrastOf(lum: Float32Array, width: number, height: number, pixels: Int32Array, box: { left: number; top: number; right: number; bottom: number }): number {
  let inside = 0;
  for (const p of pixels) inside += lum[p]!;
  inside /= pixels.length;
  let ring = 0;
  let count = 0;
  const l = Math.max(0, box.left - RING_PX);
  const r = Math.min(width - 1, box.right + RING_PX);
  const t = Math.max(0, box.top - RING_PX);
  const b = Math.min(height - 1, box.bottom + RING_PX);
  for (let y = t; y <= b; y++) {
    for (let x = l; x <= r; x++) {
      if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) continue;
      ring += lum[y * width + x]!;
      count++;
    }
  }
  return count === 0 ? 0 : inside - ring / count;
}

function percentile(values: Float32Array, share: number): number {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < values.length; i++) histogram[Math.min(255, values[i]! | 0)]!++;
  const wanted = share * values.length;
  let seen = 0;
  for (let b = 0; b < 256; b++) {
    seen += histogram[b]!;
    if (seen > wanted) return b;
  }
  return 255;
}
