import "server-only";
import sharp from "sharp";

/*
 * Our masks are images of their own, white meaning "edit here". Engines differ (each provider's API docs):
 * FLUX Fill and Bria Eraser take white = edit as we do; OpenAI's images.edit and ComfyUI's LoadImage take a
 * transparent pixel as "edit here" (ComfyUI's MASK is 1 − alpha).
 */

/** The mask as a one-channel PNG of exactly width × height, binarised at 50 %: white = edit, black = keep. */
export async function whiteEditMask({ mask, width, height }: { mask: Buffer; width: number; height: number }): Promise<Buffer> {
  return sharp(mask)
    .flatten({ background: "#000000" })
    .greyscale()
    .resize(width, height, { fit: "fill", kernel: "nearest" })
    .threshold(128)
    .extractChannel(0)
    .png()
    .toBuffer();
}

/** The photo as an RGBA PNG whose alpha is 0 where the mask says "edit" and 255 elsewhere, at the photo's size. */
export async function transparentEditImage({ image, mask }: { image: Buffer; mask: Buffer }): Promise<Buffer> {
  const photo = sharp(image).removeAlpha().toColourspace("srgb");
  const { width, height } = await photo.metadata().then((meta) => ({ width: meta.autoOrient?.width ?? meta.width!, height: meta.autoOrient?.height ?? meta.height! }));
  const keep = await sharp(await whiteEditMask({ mask, width, height }))
    .negate()
    .extractChannel(0)
    .raw()
    .toBuffer();
  const rgb = await photo.raw().toBuffer();
  return sharp(rgb, { raw: { width, height, channels: 3 } }).joinChannel(keep, { raw: { width, height, channels: 1 } }).png().toBuffer();
}
