import "server-only";
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { STORED_LONG_SIDE, UPLOAD_MAX_PIXELS, UPLOAD_MAX_PIXELS_HEIF } from "@/config/generation";
import type { ImageRejection } from "@/schemas/generation";
import { AppError, isAppError } from "@/server/errors";
import { log } from "@/server/log";
import { remember } from "@/server/process-singletons";
import { decodeHeic } from "./decode-heic";
import { embedIccProfile } from "./embed-icc-profile";
import { fairSlots } from "./fair-slots";
import { sniffImageFormat, type SniffedFormat } from "./sniff-image-format";

export type NormalizedImage = { data: Buffer; width: number; height: number; contentType: "image/webp" };

const INPUT: SharpOptions = {
  // "error" includes "truncated". The strictest level, "warning", would also refuse real phone photos whose
  // JPEG decoder merely warns (e.g. "extraneous bytes before marker"), which decode fine.
  failOn: "error",
  // Checked against the header (by metadata() too) before anything is decoded: a small file that declares a
  // huge canvas is refused without allocating it.
  limitInputPixels: UPLOAD_MAX_PIXELS,
  autoOrient: true,
};
const RESIZE = { width: STORED_LONG_SIDE, height: STORED_LONG_SIDE, fit: "inside", withoutEnlargement: true } as const;
/** No upload within the limits takes near this long; a file that does (a hostile progressive JPEG) stops holding a libuv thread. */
const TIMEOUT = { seconds: 30 };

function rejection(reason: ImageRejection): AppError {
  return new AppError("INVALID_IMAGE", { reason });
}

/**
 * At most two normalizations at once in a process, at most one of them per owner (an account). One takes the
 * whole of a core while it runs and, for a 12-megapixel photo, about 130 MB (JPEG) to 300 MB (HEIC, decoded
 * to 4 bytes a pixel) at its peak; on the two cores we run on, more at once would not finish sooner, it would
 * only multiply the peak memory. One per owner keeps a core free for everyone else while one account sends
 * many large files: the next person's photo starts at once instead of queueing behind them (decision record
 * 0011). How many uploads may wait at all is bounded before their bodies are read (admitUpload). One per
 * process, shared by every bundle that includes this module (route handlers, the worker).
 */
const slots = remember("normalizeSlots", () => fairSlots({ slots: 2, perOwner: 1 }));

/** The one output pass: white under any transparency (a room photo has none worth keeping), sRGB, 8 bits, no metadata. */
async function encode(image: Sharp): Promise<NormalizedImage> {
  const { data, info } = await image
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    // sharp writes no EXIF, XMP, IPTC or ICC unless asked (keepMetadata/withMetadata): GPS of people's homes goes.
    // effort 2 rather than the default 4: on the phone photo 3 % larger and less than half the encoding time.
    .webp({ quality: 82, effort: 2 })
    .timeout(TIMEOUT)
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, contentType: "image/webp" };
}

/**
 * JPEG, PNG, WebP and AVIF, decoded by libvips. Shrink-on-load (JPEG, WebP) decodes a 12 MP photo at a
 * fraction of its size when the resize follows. An embedded ICC profile is converted to sRGB only after the
 * resize: sharp converts right after loading, and for a 12 MP JPEG that conversion costs more than the rest
 * together. So such images make two passes: decode, orient and resize with the profile kept (an uncompressed
 * TIFF in memory, about 5 MB), then convert the small image and encode. Everything else (no profile, CMYK,
 * 16 bits, grey) takes a single pass.
 */
async function normalizeWithLibvips(data: Buffer, metadata: Metadata): Promise<NormalizedImage> {
  const profileAfterResize = metadata.hasProfile && metadata.space === "srgb" && metadata.depth === "uchar";
  if (!profileAfterResize) {
    let image = sharp(data, INPUT).resize(RESIZE);
    // sharp carries a 16-bit image with a profile through the pipeline in Display P3 and does not convert it
    // back when writing 8 bits without metadata: a P3 red would be stored as a dull sRGB red. Convert here.
    if (metadata.hasProfile && metadata.space === "rgb16") image = image.withIccProfile("srgb", { attach: false });
    return encode(image);
  }
  const resized = await sharp(data, INPUT).resize(RESIZE).keepIccProfile().tiff({ compression: "none" }).timeout(TIMEOUT).toBuffer();
  return encode(sharp(resized, INPUT));
}

/** HEIC: pixels from heic-decode, then the same resize and encode. Its ICC profile (Display P3 on iPhones) is carried over by hand. */
async function normalizeHeic(data: Buffer, metadata: Metadata): Promise<NormalizedImage> {
  const decoded = await decodeHeic({ data, page: metadata.pagePrimary ?? 0, maxPixels: UPLOAD_MAX_PIXELS });
  let image = sharp(decoded.data, {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
    limitInputPixels: UPLOAD_MAX_PIXELS,
  }).resize(RESIZE);
  if (!metadata.hasAlpha) image = image.removeAlpha();
  if (!metadata.icc) return encode(image);
  const png = await image.png({ compressionLevel: 0 }).timeout(TIMEOUT).toBuffer();
  return encode(sharp(embedIccProfile({ png, icc: metadata.icc }), INPUT));
}

async function normalizeSniffed(data: Buffer, format: SniffedFormat, owner: string): Promise<NormalizedImage> {
  // Reads the header only: the size and frame count are known before anything is decoded.
  const metadata = await sharp(data, INPUT).metadata();
  if (!metadata.width || !metadata.height) throw rejection("truncated");
  if (metadata.width * metadata.height > UPLOAD_MAX_PIXELS) throw rejection("tooManyPixels");
  // Their decode costs 4–20 times a JPEG's per megapixel: a smaller budget of pixels.
  if ((format === "avif" || format === "heic") && metadata.width * metadata.height > UPLOAD_MAX_PIXELS_HEIF) throw rejection("tooManyPixelsHeif");
  // WebP and AVIF report their frames as pages (APNG and image sequences were refused by their bytes). A HEIC
  // may hold several still images; we take its primary one.
  if (format !== "heic" && (metadata.pages ?? 1) > 1) throw rejection("animated");
  return slots.run(owner, () => (format === "heic" ? normalizeHeic(data, metadata) : normalizeWithLibvips(data, metadata)));
}

/**
 * Turns an upload into the image we store: checked by its bytes, auto-oriented, sRGB, 8 bits, every metadata
 * block dropped, the long side at most STORED_LONG_SIDE (never enlarged), WebP. Refusals throw AppError
 * INVALID_IMAGE with details.reason from imageRejections; any error of a decoder becomes such a refusal
 * ("truncated" unless it is about the size), so a hostile file can fail the upload but not the request.
 * `owner` (the account) shares the decoding slots fairly between people.
 */
export async function normalizeImage(options: { data: Buffer; owner?: string }): Promise<NormalizedImage> {
  const format = sniffImageFormat({ data: options.data });
  try {
    return await normalizeSniffed(options.data, format, options.owner ?? "");
  } catch (error) {
    if (isAppError(error)) throw error;
    const cause = error instanceof Error ? error.message : String(error);
    const reason: ImageRejection = /pixel limit/i.test(cause) ? "tooManyPixels" : "truncated";
    // Logged because "truncated" is also what a fault of ours (a missing codec, no memory) would look like.
    log.info("image.rejected", { format, reason, cause });
    throw rejection(reason);
  }
}
