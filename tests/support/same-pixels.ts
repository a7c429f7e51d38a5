import sharp from "sharp";

/**
 * Whether two images decode to the same pixels. Compared as buffers: `expect(a).toEqual(b)` walks a decoded
 * picture byte by byte through its deep equality, half a minute for 5 MB.
 */
export async function samePixels(a: Buffer | sharp.Sharp, b: Buffer | sharp.Sharp): Promise<boolean> {
  const raw = (image: Buffer | sharp.Sharp) => (Buffer.isBuffer(image) ? sharp(image) : image).raw().toBuffer();
  const [left, right] = await Promise.all([raw(a), raw(b)]);
  return left.equals(right);
}
