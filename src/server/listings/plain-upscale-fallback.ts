import "server-only";
import sharp from "sharp";
import type { EngineOutput, UpscaleInput } from "@/server/engines/engine";

/**
 * A plain resampling (Lanczos) to twice the size and at least `minLongSide`: no new detail, labelled as such
 * where it is offered. For engines without an upscaler of their own.
 */
export async function plainUpscaleFallback(input: UpscaleInput): Promise<EngineOutput> {
  const factor = Math.max(2, input.minLongSide / Math.max(input.width, input.height));
  const width = Math.round(input.width * factor);
  const height = Math.round(input.height * factor);
  const image = await sharp(input.image).resize(width, height, { kernel: "lanczos3" }).jpeg({ quality: 92 }).toBuffer();
  return { image };
}
