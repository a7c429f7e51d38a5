import "server-only";
import sharp from "sharp";
import { DOWNLOAD_JPEG_QUALITY } from "@/config/listings";
import { DIGITAL_SOURCE_TYPE, markDigitalSource } from "@/server/images/mark-digital-source";
import { markDerived } from "@/server/provenance/mark-result";
import type { ProvenanceFacts } from "@/server/provenance/provenance-facts";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The image as a full-size JPEG, with the disclosure label burnt into its bottom-right corner when a text is
 * given (labelPlate), so it stays legible on a phone and small on a print. On the right, where the pages show
 * their badge: a before/after slider shows the result right of its divider and would hide a label on the
 * left. Encoding drops the stored file's metadata, so the JPEG gets the marking
 * its result was stored with again (`ai`, markDigitalSource). `quick` encodes with libjpeg-turbo's own encoder
 * instead of mozjpeg: a quarter of the time (some 30 ms for a 1536 px result) for some 7 % more bytes, for a
 * file made again on every view rather than once per download.
 */
export async function burnLabel(options: { image: Buffer; label: string | null; ai: boolean; quick?: boolean; structure?: ProvenanceFacts["structure"] }): Promise<Buffer> {
  const input = sharp(options.image).rotate();
  const { width = 0, height = 0, format, orientation, xmp } = await input.metadata();
  // Nothing to burn in and already an upright JPEG marked as it should be (a stored result or HD copy): handed
  // out as it is, not decoded and encoded again (150 ms of mozjpeg a 1536 px image, for a ZIP of forty).
  const sourceType = DIGITAL_SOURCE_TYPE[options.ai ? "ai" : "algorithmic"];
  if (!options.label && format === "jpeg" && (orientation ?? 1) === 1 && xmp?.toString("utf8").includes(`>${sourceType}<`)) return options.image;
  const jpeg = { quality: DOWNLOAD_JPEG_QUALITY, mozjpeg: !options.quick };
  // The XMP again, and a C2PA manifest of its own chained to the result's (src/server/provenance).
  const mark = (image: Buffer) => markDerived({ image: markDigitalSource({ image, ai: options.ai }), parent: options.image, change: options.label ? "labelled" : "transcoded", description: options.label ?? "JPEG", structure: options.structure });
  if (!options.label) return mark(await input.jpeg(jpeg).toBuffer());
  return mark(await input.composite([labelPlate({ width, height, label: options.label })]).jpeg(jpeg).toBuffer());
}

/**
 * The disclosure label's plate for an image of this size, placed in its bottom-right corner: white sans-serif
 * on a dark translucent plate, about 3 % of the short side high. DejaVu Sans is what the server's fontconfig
 * has; any sans stands in.
 */
export function labelPlate(options: { width: number; height: number; label: string }): { input: Buffer; left: number; top: number } {
  const { width, height, label } = options;
  const fontSize = Math.max(14, Math.round(Math.min(width, height) * 0.03));
  const pad = Math.round(fontSize * 0.6);
  const margin = Math.round(fontSize * 0.8);
  // Wide enough for the text at ~0.62 em per character, the average of DejaVu Sans and most sans faces.
  const plateWidth = Math.min(width - 2 * margin, Math.round(label.length * fontSize * 0.62) + 2 * pad);
  const plateHeight = fontSize + 2 * pad;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${plateWidth}" height="${plateHeight}">
  <rect width="100%" height="100%" rx="${Math.round(fontSize * 0.35)}" fill="#000" fill-opacity="0.62"/>
  <text x="${pad}" y="${pad + fontSize * 0.82}" font-family="DejaVu Sans, Inter, Arial, sans-serif" font-size="${fontSize}" fill="#fff">${escapeXml(label)}</text>
</svg>`;
  return { input: Buffer.from(svg), left: width - margin - plateWidth, top: height - margin - plateHeight };
}
