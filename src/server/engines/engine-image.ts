import "server-only";
import sharp from "sharp";
import { UPLOAD_MAX_PIXELS } from "@/config/generation";
import { EngineError } from "./engine";

export type FittedImage = { data: Buffer; width: number; height: number; contentType: `image/${"jpeg" | "png" | "webp"}` };

/**
 * The photo as an engine takes it: its long side at most `longSide` (never enlarged), both sides a multiple of
 * `multipleOf` when the model works in cells (latent diffusion: 8 px), encoded as the provider reads it best.
 */
export async function fitImage(image: Buffer, options: { longSide: number; format: "jpeg" | "png" | "webp"; multipleOf?: number }): Promise<FittedImage> {
  const { width: sourceWidth = 0, height: sourceHeight = 0 } = await sharp(image).metadata();
  const scale = Math.min(1, options.longSide / Math.max(sourceWidth, sourceHeight));
  const step = options.multipleOf ?? 1;
  const width = Math.max(step, Math.floor((sourceWidth * scale) / step) * step);
  const height = Math.max(step, Math.floor((sourceHeight * scale) / step) * step);
  // Rounding to the cells changes the proportions by under a cell: stretched, not cropped, so nothing is lost.
  const resized = sharp(image).resize(width, height, { fit: "fill" });
  const encoded =
    options.format === "jpeg" ? resized.flatten({ background: "#ffffff" }).jpeg({ quality: 90 }) : options.format === "png" ? resized.png() : resized.webp({ quality: 90 });
  return { data: await encoded.toBuffer(), width, height, contentType: `image/${options.format}` };
}

/** A provider's answer, checked to be an image: anything else is a malformed answer, which a retry would not mend. */
export async function checkedImage(provider: string, data: Buffer): Promise<Buffer> {
  const meta = await sharp(data, { limitInputPixels: UPLOAD_MAX_PIXELS })
    .metadata()
    .catch(() => null);
  if (meta?.width && meta.height) return data;
  throw new EngineError("failed", `${provider} answered with something that is not an image (${data.length} bytes)`);
}
