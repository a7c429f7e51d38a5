import "server-only";
import { compositeOutsideMask } from "@/server/edits/composite-outside-mask";
import { checkStructure, type StructureCheck } from "@/server/edits/check-structure";
import { decodeMask } from "@/server/edits/decode-mask";
import { decodeRaw } from "@/server/edits/decode-raw";
import { normalizeImage } from "@/server/images/normalize-image";
import { checkStoredResult } from "./make-visualization";

/**
 * The structure check of a photo and a picture made from it, prepared as the product prepares a result: the
 * photo stored as an upload is (normalizeImage), then an unmasked result checked as a stored one is; a masked
 * edit composited back outside its mask at the photo's size first, as makeVisualization does, and checked
 * outside the mask.
 */
export async function checkPhotoPair(options: { before: Buffer; after: Buffer; mask?: Buffer }): Promise<StructureCheck> {
  const source = await normalizeImage({ data: options.before });
  const size = { width: source.width, height: source.height };
  if (!options.mask) return checkStoredResult({ source: source.data, result: options.after, mask: null, size, masked: false });
  const [original, answer, mask] = await Promise.all([decodeRaw({ image: source.data, ...size }), decodeRaw({ image: options.after, ...size }), decodeMask({ mask: options.mask, ...size })]);
  return checkStructure({ original, result: compositeOutsideMask({ original, result: answer, mask }), mask });
}
