import "server-only";
import sharp from "sharp";
import type { RawMask } from "./types";

/**
 * A mask image (white = edit) as one channel of exactly width × height, binarised at 50 %: 255 = edit, 0 = keep.
 * Resized with the nearest neighbour so no grey edge is invented; transparency counts as keep.
 */
export async function decodeMask({ mask, width, height }: { mask: Buffer; width: number; height: number }): Promise<RawMask> {
  const data = await sharp(mask)
    .flatten({ background: "#000000" })
    .greyscale()
    .resize(width, height, { fit: "fill", kernel: "nearest" })
    .threshold(128)
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height };
}
