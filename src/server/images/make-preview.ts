import "server-only";
import sharp from "sharp";
import { PREVIEW_WEBP, PREVIEW_WIDTH, UPLOAD_MAX_PIXELS } from "@/config/generation";

/** The small copy of a stored image (see PREVIEW_WIDTH), or null when the image is no wider than that. */
export async function makePreview(stored: { data: Buffer; width: number }): Promise<Buffer | null> {
  if (stored.width <= PREVIEW_WIDTH) return null;
  return sharp(stored.data, { limitInputPixels: UPLOAD_MAX_PIXELS }).resize({ width: PREVIEW_WIDTH }).webp(PREVIEW_WEBP).toBuffer();
}
