import type { Size } from "./view";

/** Brush sizes in the photo's pixels: from 4 px to a sixth of its long side, starting at 4 % of it. */
export function brushSizes(photo: Size): { min: number; max: number; initial: number } {
  const long = Math.max(photo.width, photo.height);
  const max = Math.max(8, Math.round(long / 6));
  return { min: 4, max, initial: Math.min(max, Math.max(4, Math.round(long / 25))) };
}
