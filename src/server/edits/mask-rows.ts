import type { RawMask } from "./types";

/** The first and one past the last row with an edit pixel (≥ 128), or undefined for an empty mask. */
export function maskRows({ data, width }: RawMask): { top: number; bottom: number } | undefined {
  let first = -1;
  let last = -1;
  for (let i = 0; i < data.length; i++) {
    if (data[i]! >= 128) {
      first = i;
      break;
    }
  }
  if (first < 0) return undefined;
  for (let i = data.length - 1; i >= first; i--) {
    if (data[i]! >= 128) {
      last = i;
      break;
    }
  }
  return { top: Math.floor(first / width), bottom: Math.floor(last / width) + 1 };
}
