import sharp, { type Sharp } from "sharp";

/**
 * Whether two images decode to the same pixels. Compared as buffers: `expect(a).toEqual(b)` walks a decoded
 * picture byte by byte through its deep equality, half a minute for 5 MB.
 */
export async function samePixels(a: Buffer | Sharp, b: Buffer | Sharp): Promise<boolean> {
  const raw = (image: Buffer | Sharp) => (Buffer.isBuffer(image) ? sharp(image) : image).raw().toBuffer();
  const [left, right] = await Promise.all([raw(a), raw(b)]);
  return left.equals(right);
}
