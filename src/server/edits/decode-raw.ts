import "server-only";
import sharp from "sharp";
import type { RawImage } from "./types";

/**
 * Any image sharp reads as 3-channel sRGB pixels, turned upright (the mask was drawn over the photo as shown),
 * transparency flattened onto white as the local engine does. Given a width and height, stretched to exactly
 * that size (an engine's result that came back at another size or proportion).
 */
export async function decodeRaw({ image, width, height }: { image: Buffer; width?: number; height?: number }): Promise<RawImage> {
  let pipeline = sharp(image).autoOrient().flatten({ background: "#ffffff" }).toColourspace("srgb");
  if (width !== undefined || height !== undefined) pipeline = pipeline.resize(width, height, { fit: "fill" });
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}
