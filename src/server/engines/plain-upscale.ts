import "server-only";
import sharp from "sharp";
import { RESULT_WEBP } from "@/config/generation";
import type { EngineOutput, UpscaleInput } from "./engine";

/**
 * The enlargement for engines without an upscaler of their own: a Lanczos resampling to twice the size, or to
 * `minLongSide` on the long side if that is more. It adds no detail, which is why the page labels it as such.
 */
export async function plainUpscale({ image, width, height, minLongSide, signal }: UpscaleInput): Promise<EngineOutput> {
  signal.throwIfAborted();
  const scale = Math.max(2, minLongSide / Math.max(width, height));
  const enlarged = await sharp(image)
    .resize(Math.round(width * scale), Math.round(height * scale), { fit: "fill", kernel: "lanczos3" })
    .webp(RESULT_WEBP)
    .toBuffer();
  signal.throwIfAborted();
  return { image: enlarged };
}
