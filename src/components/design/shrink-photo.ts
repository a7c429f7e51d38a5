import { STORED_LONG_SIDE, UPLOAD_MAX_PIXELS } from "@/config/generation";

/** Photos the browser may decode and send at the stored size: a phone's JPEG, and HEIC where the browser reads it (Safari). */
const SHRINKABLE_TYPES = new Set(["image/jpeg", "image/heic", "image/heif"]);
/** Below this a photo goes as it is: shrinking would save the person less time than it takes. */
const SHRINK_ABOVE_BYTES = 1_000_000;
/** Encoded once more by the server, so kept high: the stored photo differs from one sent whole by JPEG noise only. */
const JPEG_QUALITY = 0.92;

/**
 * The photo as it is worth sending: a large JPEG (or HEIC) is decoded here and re-encoded at the size the server
 * stores (STORED_LONG_SIDE), a fifth to a tenth of a phone photo's bytes, so the upload that a person on a
 * mobile connection waits for takes a second rather than several. The browser applies the EXIF orientation and
 * converts to sRGB as it decodes. Anything it cannot decode (a damaged file, a format it does not read, one
 * over the pixel limit) goes as it is, and the server refuses it with its own sentence.
 */
export async function photoToSend(file: File): Promise<Blob> {
  if (!mayShrink(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const { width, height } = bitmap;
    const scale = STORED_LONG_SIDE / Math.max(width, height);
    if (scale >= 1 || width * height > UPLOAD_MAX_PIXELS) return file;
    const target = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    const shrunk = await encodeJpeg(bitmap, target);
    // The name stays (the server's messages and the gallery show it); the bytes are now a JPEG.
    return shrunk && shrunk.size < file.size ? new File([shrunk], file.name.replace(/\.(heic|heif)$/i, ".jpg"), { type: "image/jpeg" }) : file;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

/** Whether photoToSend would try: decided at once, so a photo that goes as it is goes without waiting a turn. */
export function mayShrink(file: Blob): file is File {
  return file instanceof File && SHRINKABLE_TYPES.has(file.type) && file.size > SHRINK_ABOVE_BYTES && typeof createImageBitmap === "function";
}

async function encodeJpeg(bitmap: ImageBitmap, size: { width: number; height: number }): Promise<Blob | null> {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
  }
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}
