import "server-only";
import { availableParallelism } from "node:os";
import sharp from "sharp";
import { modeOf } from "@/config/edit-modes";
import type { RoomType } from "@/config/room-types";
import { RESULT_DISPLAY, RESULT_JPEG, UPLOAD_MAX_PIXELS } from "@/config/generation";
import { compositeOutsideMask } from "@/server/edits/composite-outside-mask";
import { decodeMask } from "@/server/edits/decode-mask";
import { decodeRaw } from "@/server/edits/decode-raw";
import { recolorRegion } from "@/server/edits/recolor-region";
import { checkStructure, type StructureCheck } from "@/server/edits/check-structure";
import type { RawImage, RawMask } from "@/server/edits/types";
import { buildPrompt } from "@/server/engines/build-prompt";
import { fairSlots } from "@/server/images/fair-slots";
import { remember } from "@/server/process-singletons";
import { EngineError, type Engine, type EngineEdit } from "@/server/engines/engine";
import type { ClaimedJob } from "./claim-jobs";

export type MadeVisualization = {
  /**
   * What is stored as the result at once: JPEG at the photo's size, or the engine's answer as it came (PNG, WebP,
   * or JPEG at another size, with the photo's proportions) when `fullSize` is set.
   */
  image: StoredImage;
  /** The photo's size: the result's once `fullSize` has replaced the answer. */
  width: number;
  height: number;
  /**
   * The JPEG at the photo's size, made after the result is stored and shown, for an answer that had to be decoded
   * and encoded again: the display copy is all the results grid needs at first.
   */
  fullSize?: () => Promise<Buffer>;
  /** The same picture at most RESULT_DISPLAY.longSide wide or high, JPEG: what the results grid shows. */
  display: { image: Buffer; width: number };
  /**
   * How much of the photo's structure the result kept (outside the mask for masked modes), 0..1, and what moved: computed when
   * asked, so the result can be stored and shown first (decoding and checking eight results that finish together
   * took about a third of a second on two cores, on the main thread).
   */
  structureCheck: () => Promise<StructureCheck>;
  costUsd?: number;
  /** How long the engine itself took (0 for our own recolour). */
  engineMs: number;
};

export type StoredImage = { data: Buffer; contentType: "image/jpeg" | "image/png" | "image/webp"; width: number; height: number };

/**
 * One visualization from its photo: the engine's answer for its mode, or our own exact recolour for `paint`;
 * for the masked modes the original composited back outside the mask, whatever the engine returned; then the
 * structure score against the photo. The steps after the engine are ours and the same for every engine.
 */
export async function makeVisualization(options: {
  engine: Engine;
  job: ClaimedJob;
  source: { bytes: Buffer; width: number; height: number };
  /** The batch's mask (white = edit), for the masked modes. */
  mask: Buffer | null;
  /** A listing's shared seed and style brief, and the result its photos follow. */
  listing?: { seed: number; brief: string; references: Buffer[] };
  onProgress: (fraction: number) => void;
  /** The engine's answer is in (or our recolour made): what follows is storing it. */
  onAnswered?: () => void;
  signal: AbortSignal;
}): Promise<MadeVisualization> {
  const { engine, job, source } = options;
  const mode = modeOf(job.mode);
  if (mode.mask === "required" && !options.mask) throw new EngineError("refused", "mask gone");
  // Scored outside the mask (and composited back there) where the mode says so and a mask was brushed.
  const masked = mode.structure === "outside-mask" && options.mask !== null;
  // Our own exact recolour on every engine (paint): no engine is called.
  const own = Object.values(mode.engines).every((entry) => Object.values(entry).includes("own"));
  // The stored photo's size, as the batch recorded it: results are stored at it.
  const size = { width: source.width, height: source.height };
  // Masked modes work at full size (the composite keeps the original outside the mask), from the start; the
  // others only need the structure check, after the result is shown, on a small copy shared by the batch.
  const workSize = masked ? size : scaledTo(size, STRUCTURE_DECODE_LONG_SIDE);
  const fullOriginal = masked ? decodeRaw({ image: source.bytes, ...workSize }) : null;
  fullOriginal?.catch(() => undefined);
  const originalWork = () => fullOriginal ?? smallOriginal(source.bytes, workSize);
  const mask = masked ? await decodeMask({ mask: options.mask!, ...size }) : null;

  // Pixels of the result where they are needed now (paint, the masked composite); unmasked ones are decoded for the check only.
  let result: RawImage | null = null;
  let engineBytes: Buffer | null = null;
  let costUsd: number | undefined;
  const began = Date.now();
  if (own) {
    result = recolorRegion({ image: await originalWork(), mask: mask!, color: job.params.color! });
  } else {
    const edit = engineEdit(job, options.mask);
    const output = await engine.generate({
      image: source.bytes,
      width: source.width,
      height: source.height,
      roomType: job.roomType as RoomType,
      styleId: job.styleId,
      edit,
      creativity: job.params.creativity,
      instruction: job.params.instruction,
      seed: options.listing?.seed ?? job.seed,
      references: options.listing?.references.length ? options.listing.references : undefined,
      prompt: [buildPrompt({ roomType: job.roomType as RoomType, edit, creativity: job.params.creativity, instruction: job.params.instruction }), options.listing?.brief]
        .filter(Boolean)
        .join(" "),
      onProgress: options.onProgress,
      signal: options.signal,
    });
    options.signal.throwIfAborted();
    costUsd = output.costUsd;
    engineBytes = output.image;
    if (masked) result = compositeOutsideMask({ original: await originalWork(), result: await decodeResult(output.image, workSize), mask: mask! });
  }
  const engineMs = own ? 0 : Date.now() - began;
  options.onAnswered?.();
  const pixels = result;
  const displaySize = scaledTo(size, RESULT_DISPLAY.longSide);
  const structureCheck = async () => {
    const [original, checked] = await Promise.all([originalWork(), pixels ?? decodeResult(engineBytes!, workSize)]);
    return checkStructure({ original, result: checked, mask: masked ? (mask as RawMask) : undefined });
  };
  const stored = await storingSlots.run("results", () => (pixels ? fromPixels(pixels, displaySize) : fromAnswer(engineBytes!, size, displaySize).catch(unreadable)));
  return { ...stored, ...size, structureCheck, costUsd, engineMs };
}

/**
 * The images of results that finish together are made as many at a time as there are cores, in the order they
 * finished: the first is stored, shown and fetched while the last is still being made, instead of all of them
 * becoming ready at the end together. More at once would not finish sooner, and would hold every thread of
 * libuv's pool, where the files' writes and the image requests' reads wait too. One limit per process, shared by
 * every bundle that includes this module.
 */
const storingSlots = remember("resultImageSlots", () => fairSlots({ slots: Math.max(1, availableParallelism()), perOwner: Math.max(1, availableParallelism()) }));

type Stored = Pick<MadeVisualization, "image" | "fullSize" | "display">;

/** Our own pixels (paint, a masked composite): the JPEG and its display copy, both from them. */
async function fromPixels(pixels: RawImage, displaySize: { width: number; height: number }): Promise<Stored> {
  const raw = () => sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });
  const [image, display] = await Promise.all([raw().jpeg(RESULT_JPEG).toBuffer(), raw().resize(displaySize.width, displaySize.height, { fit: "fill" }).jpeg(RESULT_DISPLAY.jpeg).toBuffer()]);
  return { image: { data: image, contentType: "image/jpeg", width: pixels.width, height: pixels.height }, display: { image: display, width: displaySize.width } };
}

/**
 * The engine's answer: JPEG at the photo's size (the local engine's) is stored as it is; PNG, WebP or JPEG of
 * the photo's proportions is stored as it came, and its JPEG at the photo's size made after it is shown (a
 * hosted engine's: decoding it, scaling and encoding it again is most of the work after the engine); anything
 * else is made into that JPEG first. The display copy comes from the answer, decoded once for it.
 */
async function fromAnswer(data: Buffer, size: { width: number; height: number }, displaySize: { width: number; height: number }): Promise<Stored> {
  const input = () => sharp(data, { limitInputPixels: UPLOAD_MAX_PIXELS });
  const meta = await input().metadata();
  const upright = (meta.orientation ?? 1) === 1;
  const display = async (from: Buffer) => {
    let copy = sharp(from, { limitInputPixels: UPLOAD_MAX_PIXELS });
    if (from !== data || meta.width !== displaySize.width || meta.height !== displaySize.height) copy = copy.resize(displaySize.width, displaySize.height, { fit: "fill" });
    // Transparency onto white, as decodeRaw reads it: JPEG has none.
    if (from === data && meta.hasAlpha) copy = copy.flatten({ background: "#ffffff" });
    return { image: await copy.jpeg(RESULT_DISPLAY.jpeg).toBuffer(), width: displaySize.width };
  };
  const asStored = () => toFullSizeJpeg(data, size);
  if (meta.format === "jpeg" && meta.width === size.width && meta.height === size.height && upright) {
    return { image: { data, contentType: "image/jpeg", ...size }, display: await display(data) };
  }
  const contentType = storableAsItCame(meta.format);
  if (contentType && upright && !meta.hasAlpha && meta.width && meta.height && sameProportions(meta as { width: number; height: number }, size)) {
    return { image: { data, contentType, width: meta.width, height: meta.height }, fullSize: asStored, display: await display(data) };
  }
  const image = await asStored();
  return { image: { data: image, contentType: "image/jpeg", ...size }, display: await display(image) };
}

/** An answer stored as it came, as the JPEG at the photo's size that replaces it (storeFullSize). */
export function toFullSizeJpeg(answer: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  return sharp(answer, { limitInputPixels: UPLOAD_MAX_PIXELS }).resize(size.width, size.height, { fit: "fill" }).flatten({ background: "#ffffff" }).jpeg(RESULT_JPEG).toBuffer();
}

/**
 * The structure check of a result already stored, from the stored photo, result and mask: what a worker that
 * takes over a result whose check was cut short (its process stopped) computes, as makeVisualization would have.
 */
export async function checkStoredResult(options: { source: Buffer; result: Buffer; mask: Buffer | null; size: { width: number; height: number }; masked: boolean }): Promise<StructureCheck> {
  const { size, masked } = options;
  const workSize = masked ? size : scaledTo(size, STRUCTURE_DECODE_LONG_SIDE);
  const [original, result, mask] = await Promise.all([
    decodeRaw({ image: options.source, ...workSize }),
    decodeRaw({ image: options.result, ...workSize }),
    masked && options.mask ? decodeMask({ mask: options.mask, ...size }) : undefined,
  ]);
  return checkStructure({ original, result, mask });
}

/** The formats a result can be stored in for a while, as the AI marking (markDigitalSource) takes them. */
function storableAsItCame(format: string | undefined): StoredImage["contentType"] | undefined {
  return format === "png" ? "image/png" : format === "webp" ? "image/webp" : format === "jpeg" ? "image/jpeg" : undefined;
}

/** Within a pixel of the photo's proportions: the answer to a photo sent scaled (fitImage), not cropped or padded. */
function sameProportions(a: { width: number; height: number }, b: { width: number; height: number }): boolean {
  return Math.abs(a.width * b.height - a.height * b.width) <= Math.max(b.width, b.height);
}

/** An engine's answer as pixels at `size`; one sharp cannot read is the engine's failure. */
function decodeResult(bytes: Buffer, size: { width: number; height: number }): Promise<RawImage> {
  return decodeRaw({ image: bytes, ...size }).catch(unreadable);
}

function unreadable(error: unknown): never {
  throw new EngineError("failed", `Unreadable result: ${error instanceof Error ? error.message : String(error)}`);
}

/** The structure check works at 256 px; unmasked results are decoded for it at twice that, not at full size. */
const STRUCTURE_DECODE_LONG_SIDE = 512;

/**
 * The photo at the structure check's size, decoded once for all the results made from it: a batch's jobs get
 * the same bytes (the worker's readSourceCached), and eight decodes of a 12 MP JPEG at once took two cores for
 * about 150 ms, slowing the batch's own start. Kept as long as those bytes are (a few photos' worth, 0.6 MB each).
 */
const smallOriginals = new WeakMap<Buffer, Promise<RawImage>>();

function smallOriginal(bytes: Buffer, size: { width: number; height: number }): Promise<RawImage> {
  let decoded = smallOriginals.get(bytes);
  if (!decoded) {
    decoded = decodeRaw({ image: bytes, ...size });
    decoded.catch(() => smallOriginals.delete(bytes));
    smallOriginals.set(bytes, decoded);
  }
  return decoded;
}

function scaledTo(size: { width: number; height: number }, longSide: number): { width: number; height: number } {
  const scale = Math.min(1, longSide / Math.max(size.width, size.height));
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** What the engine is asked, from the batch's mode and parameters: the mode's own fields (src/config/modes/), its style and its mask. */
function engineEdit(job: ClaimedJob, mask: Buffer | null): EngineEdit {
  const mode = modeOf(job.mode);
  if (mode.styled && !job.styleId) throw new EngineError("refused", `${job.mode} without a style`);
  const own = Object.fromEntries(Object.keys(mode.params).map((field) => [field, (job.params as Record<string, unknown>)[field]]));
  return { ...own, mode: job.mode, ...(job.styleId ? { styleId: job.styleId } : {}), ...(mask ? { mask } : {}) } as EngineEdit;
}
