import type { RawImage } from "./types";

/** The window's size as a share of the picture's width and height. */
const WIDTH_SHARE = 0.14;
const HEIGHT_SHARE = 0.3;
const MARGIN_SHARE = 0.06;

/**
 * A window drawn onto the plainest stretch of wall in the upper part of a picture: a bright pane with a dark
 * frame and a cross of glazing bars, as an AI result that adds an opening would show. Where it goes is the box
 * of the window's size, in the upper 60 % of the picture, whose luminance varies least. Returns the copy and the
 * window's box as shares of the size (left, top, right, bottom).
 */
export function drawWindow({ image }: { image: RawImage }): { image: RawImage; box: [number, number, number, number] } {
  const { width, height, data } = image;
  const w = Math.round(WIDTH_SHARE * width);
  const h = Math.round(HEIGHT_SHARE * height);
  const lum = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
  };
  // The plainest box, on a coarse grid of candidates and a coarse grid of samples inside each.
  const step = Math.max(1, Math.round(width / 64));
  let best = { left: 0, top: 0, spread: Infinity };
  // The box with a margin around it: the wall around the window is plain too (not next to a window or a corner).
  const mx = Math.round(MARGIN_SHARE * width);
  const my = Math.round(MARGIN_SHARE * height);
  for (let top = my; top + h + my <= 0.6 * height; top += step) {
    for (let left = mx; left + w + mx <= width; left += step) {
      let sum = 0;
      let squares = 0;
      let n = 0;
      for (let y = top - my; y < top + h + my; y += step) {
        for (let x = left - mx; x < left + w + mx; x += step) {
          const v = lum(x, y);
          sum += v;
          squares += v * v;
          n++;
        }
      }
      const spread = squares / n - (sum / n) ** 2;
      if (spread < best.spread) best = { left, top, spread };
    }
  }
  const out = Buffer.from(data);
  const frame = Math.max(2, Math.round(0.012 * width));
  const set = (x: number, y: number, [r, g, b]: [number, number, number]) => {
    const i = (y * width + x) * 3;
    out[i] = r;
    out[i + 1] = g;
    out[i + 2] = b;
  };
  const { left, top } = best;
  for (let y = top; y < top + h; y++) {
    for (let x = left; x < left + w; x++) {
      const edge = x < left + frame || x >= left + w - frame || y < top + frame || y >= top + h - frame;
      const bar = Math.abs(x - (left + w / 2)) < frame / 2 || Math.abs(y - (top + h * 0.4)) < frame / 2;
      // Sky seen through the pane, lighter towards the top; the frame and bars dark brown.
      set(x, y, edge || bar ? [74, 52, 38] : [232 + Math.round((10 * (top + h - y)) / h), 242, 250]);
    }
  }
  return { image: { data: out, width, height, channels: 3 }, box: [left / width, top / height, (left + w) / width, (top + h) / height] };
}
