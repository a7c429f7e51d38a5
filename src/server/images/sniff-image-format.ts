import "server-only";
import { AppError } from "@/server/errors";
import type { ImageRejection } from "@/schemas/generation";

/** The formats we decode. AVIF and HEIC share the HEIF container; which one a file is decides the decoder. */
export type SniffedFormat = "jpeg" | "png" | "webp" | "avif" | "heic";

const AVIF_BRANDS = new Set(["avif", "avio"]);
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "MiHE"]);
/** Brands that say "a HEIF still image" without naming the codec: mif1 is as much AVIF as HEIC. */
const GENERIC_HEIF_BRANDS = new Set(["mif1", "mif2", "miaf", "MiHB", "MiPr", "MiHA"]);
/**
 * Brands of image sequences (ISO/IEC 23008-12: msf1 generic, hevc/hevx/hevm/hevs HEVC; avis AVIF). Animated
 * files also carry a still brand for their poster frame, so any of these anywhere in the list means animated.
 */
const HEIF_SEQUENCE_BRANDS = new Set(["avis", "msf1", "hevc", "hevx", "hevm", "hevs"]);

/**
 * Real image formats that we do not accept, by their signature. Answering "unsupported" (rather than "not an
 * image") tells the user that converting the photo will help.
 */
const UNSUPPORTED_SIGNATURES: { signature: number[] | string; offset?: number }[] = [
  { signature: "GIF87a" },
  { signature: "GIF89a" },
  { signature: [0x49, 0x49, 0x2a, 0x00] }, // TIFF little-endian (also most camera raw files)
  { signature: [0x4d, 0x4d, 0x00, 0x2a] }, // TIFF big-endian
  { signature: [0x49, 0x49, 0x2b, 0x00] }, // BigTIFF
  { signature: [0x4d, 0x4d, 0x00, 0x2b] },
  { signature: [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a] }, // JPEG 2000 (JP2)
  { signature: [0xff, 0x4f, 0xff, 0x51] }, // JPEG 2000 codestream
  { signature: [0xff, 0x0a] }, // JPEG XL codestream
  { signature: [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a] }, // JPEG XL container
  { signature: "8BPS" }, // Photoshop
  { signature: "qoif" },
  { signature: [0x76, 0x2f, 0x31, 0x01] }, // OpenEXR
  { signature: "#?RADIANCE" },
  { signature: "#?RGBE" },
  { signature: "DDS " },
  { signature: [0x00, 0x00, 0x01, 0x00] }, // ICO
  { signature: [0x00, 0x00, 0x02, 0x00] }, // CUR
];

function startsWith(data: Buffer, signature: number[] | string, offset = 0): boolean {
  const bytes = typeof signature === "string" ? Buffer.from(signature, "latin1") : Buffer.from(signature);
  return data.length >= offset + bytes.length && data.subarray(offset, offset + bytes.length).equals(bytes);
}

function reject(reason: ImageRejection): never {
  throw new AppError("INVALID_IMAGE", { reason });
}

/** BMP has only a two-letter signature ("BM"), so a text starting with "BM" must not count: check the DIB header size too. */
function isBmp(data: Buffer): boolean {
  return data.length >= 26 && startsWith(data, "BM") && [12, 16, 40, 52, 56, 64, 108, 124].includes(data.readUInt32LE(14));
}

/** The major brand and the compatible brands of an ISO-BMFF file, or null when it does not start with an ftyp box. */
function readBrands(data: Buffer): string[] | null {
  if (data.length < 16 || data.toString("latin1", 4, 8) !== "ftyp") return null;
  const size = data.readUInt32BE(0);
  // A box size below the header, or one running past what we hold, is a damaged file: read what is there.
  const end = Math.min(size >= 16 ? size : 16, data.length);
  const brands = [data.toString("latin1", 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(data.toString("latin1", at, at + 4));
  return brands;
}

/**
 * The codec of a HEIF file whose brands do not say it, from the codec configuration property in its meta box
 * (av1C for AV1, hvcC for HEVC). libvips cannot tell either: it reports "hevc" for anything whose major brand
 * is not avif, so its metadata would send a mif1-branded AVIF to the HEIC decoder.
 */
function heifCodec(data: Buffer): "avif" | "heic" | null {
  let at = 0;
  while (at + 8 <= data.length) {
    let size = data.readUInt32BE(at);
    let header = 8;
    if (size === 1 && at + 16 <= data.length) {
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = data.length - at; // the box runs to the end of the file
    }
    if (size < header) return null;
    if (data.toString("latin1", at + 4, at + 8) === "meta") {
      const meta = data.subarray(at, Math.min(at + size, data.length));
      if (meta.includes("av1C")) return "avif";
      if (meta.includes("hvcC")) return "heic";
      return null;
    }
    at += size;
  }
  return null;
}

/**
 * The frame count an APNG declares in its acTL chunk (which must come before the first IDAT), or 1 for a
 * plain PNG. libvips reads only the default image of an APNG and does not report the frames, so this is the
 * only place an animated PNG can be caught.
 */
function pngFrameCount(data: Buffer): number {
  let at = 8;
  while (at + 8 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    if (type === "IDAT" || type === "IEND") break;
    if (type === "acTL" && length >= 8 && at + 12 <= data.length) return data.readUInt32BE(at + 8);
    at += 12 + length;
  }
  return 1;
}

/**
 * What kind of file this is, by its bytes only (the name and the declared MIME type are the client's word and
 * are never asked). Throws AppError INVALID_IMAGE with the reason for everything we do not decode:
 * "empty", "notImage" (HTML, SVG, PDF, text, video…), "unsupported" (GIF, TIFF, BMP, HEIF with another
 * codec…), "animated" (APNG, image sequences). SVG in particular never reaches a decoder: it is XML that can carry scripts.
 */
export function sniffImageFormat(options: { data: Buffer }): SniffedFormat {
  const { data } = options;
  if (data.length === 0) reject("empty");
  if (startsWith(data, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    if (pngFrameCount(data) > 1) reject("animated");
    return "png";
  }
  if (startsWith(data, "RIFF") && startsWith(data, "WEBP", 8)) return "webp";
  const brands = readBrands(data);
  if (brands) {
    if (brands.some((brand) => HEIF_SEQUENCE_BRANDS.has(brand))) reject("animated");
    const [major] = brands;
    if (AVIF_BRANDS.has(major!)) return "avif";
    if (HEIC_BRANDS.has(major!)) return "heic";
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return "avif";
    if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "heic";
    if (brands.some((brand) => GENERIC_HEIF_BRANDS.has(brand))) return heifCodec(data) ?? reject("unsupported");
    // Canon's CR3 raw is ISO-BMFF too; everything else with an ftyp box is video or audio (MP4, MOV, 3GP…).
    reject(brands.includes("crx ") ? "unsupported" : "notImage");
  }
  if (isBmp(data) || UNSUPPORTED_SIGNATURES.some(({ signature, offset }) => startsWith(data, signature, offset))) reject("unsupported");
  return reject("notImage");
}
