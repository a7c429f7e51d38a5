import { inpaintRegion } from "./inpaint-region";
import type { RawImage, RawMask } from "./types";

/**
 * A restyle that changes only the furniture, as an AI engine's would: the lower middle of the picture, where
 * a room's furniture stands, filled from around it (inpaintRegion), then a new low sofa drawn there in another
 * colour, with its cushions. The walls, windows and ceiling are untouched.
 */
export async function redrawFurniture({ image }: { image: RawImage }): Promise<RawImage> {
  const { width, height } = image;
  const [left, top, right, bottom] = [0.22, 0.6, 0.78, 0.92].map((share, i) => Math.round(share * (i % 2 ? height : width))) as [number, number, number, number];
  const data = new Uint8Array(width * height);
  for (let y = top; y < bottom; y++) data.fill(255, y * width + left, y * width + right);
  const mask: RawMask = { data, width, height };
  const filled = await inpaintRegion({ image, mask });
  const out = Buffer.from(filled.data);
  const box = (l: number, t: number, r: number, b: number, colour: [number, number, number]) => {
    for (let y = Math.round(t * height); y < Math.round(b * height); y++) {
      for (let x = Math.round(l * width); x < Math.round(r * width); x++) out.set(colour, (y * width + x) * 3);
    }
  };
  // A sofa's base and back, and three cushions.
  box(0.28, 0.74, 0.72, 0.86, [46, 88, 92]);
  box(0.3, 0.66, 0.7, 0.75, [58, 104, 108]);
  for (const x of [0.33, 0.45, 0.57]) box(x, 0.68, x + 0.09, 0.74, [214, 170, 92]);
  return { data: out, width, height, channels: 3 };
}
