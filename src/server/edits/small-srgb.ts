import "server-only";
import sharp, { type OutputInfo } from "sharp";

/** A picture as small sRGB pixels (3 channels, at most `side` px on its long side, upright, transparency on white): what the measures of a look read. */
export async function smallSrgb({ image, side }: { image: Buffer; side: number }): Promise<{ data: Buffer; info: OutputInfo }> {
  return sharp(image).autoOrient().flatten({ background: "#ffffff" }).toColourspace("srgb").resize(side, side, { fit: "inside" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}
