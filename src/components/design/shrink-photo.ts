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
 * converts to sRGB as it decodes. Anything it cannot decode (a damaged file, a format it does not read), a
 * JPEG over the pixel limit and a CMYK one go as they are, and the server refuses or takes them as before.
 */
export async function photoToSend(file: File): Promise<Blob> {
  if (!mayShrink(file)) return file;
  if (file.type === "image/jpeg") {
    // Read from its header before anything is decoded: a photo the server refuses for its size costs the
    // phone no decoding, and a CMYK one goes whole (browsers convert it to RGB unlike libvips, darker).
    const frame = jpegFrame(new Uint8Array(await file.slice(0, JPEG_HEADER_BYTES).arrayBuffer()));
    if (!frame || frame.components !== 3 || frame.width * frame.height > UPLOAD_MAX_PIXELS) return file;
  }
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

/** How much of a JPEG is read for its frame header: past the EXIF block (at most 64 KB) and an ICC profile. */
const JPEG_HEADER_BYTES = 256 * 1024;

/**
 * A baseline or progressive JPEG's size and number of colour components, from its start-of-frame segment
 * (ITU T.81, B.2.2), or null when the bytes do not get there.
 */
export function jpegFrame(bytes: Uint8Array): { width: number; height: number; components: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker, and the markers that carry no length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    // SOF0–SOF15, but DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]!, components: bytes[at + 9]! };
    }
    if (marker === 0xda || length < 2) return null;
    at += 2 + length;
  }
  return null;
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
