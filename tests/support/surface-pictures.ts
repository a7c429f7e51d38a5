/**
 * Pictures of surfaces drawn procedurally, for the look measured from a reference photo
 * (src/server/edits/measure-look.ts): wood-like boards, stone-like speckle, saved as JPEG as a photo is.
 */
import sharp from "sharp";
import { random } from "./exterior-scene";

export const W = 384;
export const H = 256;

/** A picture drawn pixel by pixel: `paint(x, y)` gives its sRGB colour. Saved as JPEG, as a photo is. */
export function picture(paint: (x: number, y: number) => [number, number, number], width = W, height = H) {
  const bytes = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) bytes.set(paint(x, y).map((c) => Math.max(0, Math.min(255, Math.round(c)))), (y * width + x) * 3);
  return sharp(bytes, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}
export const shade = ([r, g, b]: [number, number, number], f: number): [number, number, number] => [r * f, g * f, b * f];

/** Oak-like boards: a honey-brown whose grain runs along the boards (wavy lines of lighter and darker wood). */
export function wood(seed = 1) {
  const next = random(seed);
  const phase = Array.from({ length: 8 }, () => next() * 6);
  return (x: number, y: number): [number, number, number] => {
    const board = Math.floor(y / 32);
    const grain = Math.sin(y * 0.9 + Math.sin(x * 0.02 + phase[board % 8]!) * 2.5 + phase[board % 8]!) * 0.09;
    return shade([176, 124, 78], 0.95 + grain + (next() - 0.5) * 0.03);
  };
}
/** Concrete or stone: a warm grey speckled the same in every direction. */
export function stone(seed = 2) {
  const next = random(seed);
  return (): [number, number, number] => shade([158, 155, 150], 0.9 + next() * 0.2);
}

