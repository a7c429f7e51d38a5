import { setImmediate as nextTurn } from "node:timers/promises";
import { maskRows } from "./mask-rows";
import type { RawImage, RawMask } from "./types";

/*
 * Classical inpainting without AI, for the local engine's "remove": a push-pull fill on an image pyramid.
 * Going down, every level averages the known pixels of the level above (a pixel with none is unknown); going
 * up, each level's unknown pixels take the bilinear upsampling of the coarser level, then a few rounds of
 * averaging with their neighbours (a membrane, i.e. harmonic, fill at every scale). The hole comes out as a
 * smooth blend of the colours around it, without texture: a brushed chair becomes the floor and wall around
 * it. Only the mask's bounding box with a margin is worked on, in rows with turns of the event loop between.
 */

const SMOOTHING_ROUNDS = 8;
const BAND_PIXELS = 65_536;
/** Rows of the full-size level worked between turns of the event loop (about 5 ms of work at 1536 px). */
const BAND_ROWS = 64;

type Level = { width: number; height: number; colour: Float32Array; weight: Float32Array };

export async function inpaintRegion({ image, mask, signal }: { image: RawImage; mask: RawMask; signal?: AbortSignal }): Promise<RawImage> {
  if (mask.width !== image.width || mask.height !== image.height) throw new RangeError("The mask is not the image's size");
  const { width, height, data } = image;
  const out = Buffer.from(data);
  const box = boundingBox(mask);
  if (!box) return { data: out, width, height, channels: 3 };
  // Enough of the surroundings to draw colours from: half the hole's size on each side, at least 16 px.
  const margin = Math.max(16, Math.round(0.5 * Math.max(box.right - box.left, box.bottom - box.top)));
  const left = Math.max(0, box.left - margin);
  const top = Math.max(0, box.top - margin);
  const right = Math.min(width, box.right + margin);
  const bottom = Math.min(height, box.bottom + margin);

  const base: Level = { width: right - left, height: bottom - top, colour: new Float32Array((right - left) * (bottom - top) * 3), weight: new Float32Array((right - left) * (bottom - top)) };
  for (let y = top; y < bottom; y++) {
    if ((y - top) % BAND_ROWS === BAND_ROWS - 1) await turn(signal);
    for (let x = left; x < right; x++) {
      const p = (y - top) * base.width + (x - left);
      if (mask.data[y * width + x]! >= 128) continue;
      const i = (y * width + x) * 3;
      base.colour[p * 3] = data[i]!;
      base.colour[p * 3 + 1] = data[i + 1]!;
      base.colour[p * 3 + 2] = data[i + 2]!;
      base.weight[p] = 1;
    }
  }

  const levels = [base];
  while (levels.at(-1)!.width > 1 || levels.at(-1)!.height > 1) {
    await turn(signal);
    levels.push(await shrink(levels.at(-1)!, signal));
  }
  for (let k = levels.length - 2; k >= 0; k--) {
    await turn(signal);
    const level = levels[k]!;
    const unknown = await fillFrom(level, levels[k + 1]!, signal);
    for (let round = 0; round < SMOOTHING_ROUNDS; round++) {
      smooth(level, unknown);
      if (level.width * level.height > BAND_PIXELS) await turn(signal);
    }
  }

  for (let y = top; y < bottom; y++) {
    if ((y - top) % BAND_ROWS === BAND_ROWS - 1) await turn(signal);
    for (let x = left; x < right; x++) {
      if (mask.data[y * width + x]! < 128) continue;
      const p = ((y - top) * base.width + (x - left)) * 3;
      const i = (y * width + x) * 3;
      out[i] = Math.round(base.colour[p]!);
      out[i + 1] = Math.round(base.colour[p + 1]!);
      out[i + 2] = Math.round(base.colour[p + 2]!);
    }
  }
  return { data: out, width, height, channels: 3 };
}

async function turn(signal?: AbortSignal): Promise<void> {
  await nextTurn();
  signal?.throwIfAborted();
}

function boundingBox(mask: RawMask): { left: number; top: number; right: number; bottom: number } | undefined {
  const { data, width } = mask;
  const rows = maskRows(mask);
  if (!rows) return undefined;
  let left = width;
  let top = rows.bottom;
  let right = -1;
  let bottom = -1;
  for (let y = rows.top; y < rows.bottom; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (data[i]! < 128) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? undefined : { left, top, right: right + 1, bottom: bottom + 1 };
}

/** Half the size: each pixel the weighted mean of its (up to) four, weight their mean weight. */
async function shrink(level: Level, signal?: AbortSignal): Promise<Level> {
  const width = Math.ceil(level.width / 2);
  const height = Math.ceil(level.height / 2);
  const colour = new Float32Array(width * height * 3);
  const weight = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    if (y % BAND_ROWS === BAND_ROWS - 1) await turn(signal);
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let w = 0;
      let n = 0;
      for (let sy = 2 * y; sy < Math.min(level.height, 2 * y + 2); sy++) {
        for (let sx = 2 * x; sx < Math.min(level.width, 2 * x + 2); sx++) {
          const p = sy * level.width + sx;
          const pw = level.weight[p]!;
          r += level.colour[p * 3]! * pw;
          g += level.colour[p * 3 + 1]! * pw;
          b += level.colour[p * 3 + 2]! * pw;
          w += pw;
          n++;
        }
      }
      const p = y * width + x;
      if (w > 0) {
        colour[p * 3] = r / w;
        colour[p * 3 + 1] = g / w;
        colour[p * 3 + 2] = b / w;
      }
      weight[p] = w / n;
    }
  }
  return { width, height, colour, weight };
}

/**
 * Blends each pixel with the coarser level's bilinear upsampling by how much of it is unknown; returns the
 * pixels that had no known pixel at all (the ones smoothing may change).
 */
async function fillFrom(level: Level, coarse: Level, signal?: AbortSignal): Promise<Int32Array> {
  const unknown: number[] = [];
  for (let y = 0; y < level.height; y++) {
    if (y % BAND_ROWS === BAND_ROWS - 1) await turn(signal);
    const cy = Math.min(coarse.height - 1, Math.max(0, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(cy);
    const y1 = Math.min(coarse.height - 1, y0 + 1);
    const fy = cy - y0;
    for (let x = 0; x < level.width; x++) {
      const p = y * level.width + x;
      const w = Math.min(1, level.weight[p]!);
      if (w >= 1) continue;
      const cx = Math.min(coarse.width - 1, Math.max(0, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(cx);
      const x1 = Math.min(coarse.width - 1, x0 + 1);
      const fx = cx - x0;
      for (let c = 0; c < 3; c++) {
        const top = coarse.colour[(y0 * coarse.width + x0) * 3 + c]! * (1 - fx) + coarse.colour[(y0 * coarse.width + x1) * 3 + c]! * fx;
        const bottom = coarse.colour[(y1 * coarse.width + x0) * 3 + c]! * (1 - fx) + coarse.colour[(y1 * coarse.width + x1) * 3 + c]! * fx;
        level.colour[p * 3 + c] = w * level.colour[p * 3 + c]! + (1 - w) * (top * (1 - fy) + bottom * fy);
      }
      if (w === 0) unknown.push(p);
    }
  }
  return Int32Array.from(unknown);
}

/** One round of averaging each unknown pixel with its four neighbours (in place, Gauss–Seidel order). */
function smooth({ width, height, colour }: Level, unknown: Int32Array): void {
  for (let k = 0; k < unknown.length; k++) {
    const p = unknown[k]!;
    const x = p % width;
    const y = (p - x) / width;
    const l = x > 0 ? p - 1 : p;
    const r = x < width - 1 ? p + 1 : p;
    const u = y > 0 ? p - width : p;
    const d = y < height - 1 ? p + width : p;
    for (let c = 0; c < 3; c++) colour[p * 3 + c] = 0.25 * (colour[l * 3 + c]! + colour[r * 3 + c]! + colour[u * 3 + c]! + colour[d * 3 + c]!);
  }
}
