import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { appendFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { z } from "zod";
import type { EditMode } from "@/config/edit-modes";
import { modeOf, modeSupport } from "@/config/modes";
import { findFloorMaterial } from "@/config/floor-materials";
import { MAX_STYLES_PER_BATCH } from "@/config/generation";
import { decodeRaw } from "@/server/edits/decode-raw";
import { drawWindow } from "@/server/edits/draw-window";
import { redrawFurniture } from "@/server/edits/redraw-furniture";
import { EngineError, type Engine, type EngineInput } from "./engine";
import { createLocalEngine } from "./local-engine";
import { whiteEditMask } from "./masks";
import { plainUpscale } from "./plain-upscale";

const failureSchema = z.union([
  /** "transient" fails every attempt; the others are final anyway. */
  z.enum(["refused", "moderated", "failed", "transient"]),
  /** Transient for the first n attempts of the style on this engine, then it succeeds. */
  z.strictObject({ transientTimes: z.number().int().min(1), retryAfterMs: z.number().int().min(0).optional() }),
]);

const scriptSchema = z.strictObject({
  /** How long each image takes; a scripted failure is thrown once it has passed, as a provider answers late. */
  latencyMs: z.number().int().min(0),
  /** Progress reports spread evenly over the latency: n steps report 1/(n+1) … n/(n+1). */
  progressSteps: z.number().int().min(0).optional(),
  /** Unset: a whole batch at once, as a hosted provider would take it. */
  concurrency: z.number().int().min(1).optional(),
  /**
   * What it answers with: the local engine's restyle of the photo (default; results differ per style), or the
   * photo as it was given, an answer that costs this host nothing to make, as a hosted engine's does (the
   * pipeline's benchmarks: the restyle is CPU work that a provider would not cost the workers).
   */
  output: z.enum(["restyle", "input"]).optional(),
  /**
   * How the answer comes back. Unset: as the local engine stores it, JPEG at the photo's size, which the worker
   * keeps as it is. A hosted engine hands back an encoded image that the worker has to decode and store: `format`
   * (PNG for the diffusion models on Replicate) at the size the model worked at, `longSide` (768 px for
   * adirik/interior-design, the size it was sent); the photo's size without it. Encoded once per photo and style,
   * with the restyle: that encoding is the provider's work, the decoding is ours.
   */
  answer: z.strictObject({ format: z.enum(["png", "webp"]), longSide: z.number().int().min(16).optional() }).optional(),
  /** By style id (or by mode, for the modes without a style). */
  failures: z.record(z.string(), failureSchema).optional(),
  /**
   * Style ids or modes whose results come back warped (stretched down by 8 % and moved right by 5 %), as a drifting
   * model's would: the structure check flags them.
   */
  warp: z.array(z.string()).optional(),
  /** Warp only the first result of each of those keys, so that making it again succeeds. */
  warpOnce: z.boolean().optional(),
  /**
   * By style id (or mode): results that change the room as an AI model's might, made by our own code from the
   * photo: "furniture" redraws only the furniture (redrawFurniture), "window" draws a window on a blank wall
   * (drawWindow). The structure check should pass the first and flag the second.
   */
  structure: z.record(z.string(), z.enum(["furniture", "window"])).optional(),
});

export type FakeEngineScript = z.infer<typeof scriptSchema>;

/** The script from FAKE_ENGINE_SCRIPT; throws (SyntaxError or ZodError) on a script that is not one. */
export function parseFakeEngineScript(json: string): FakeEngineScript {
  return scriptSchema.parse(JSON.parse(json));
}

export type FakeEngineOptions = {
  /** FAKE_ENGINE_RECORD_DIR: each call appends a line to calls.jsonl there, and its mask as a PNG next to it. */
  recordDir?: string;
};

/** The record of one call: what a test reads to know what the engine was asked. */
export type FakeEngineCall = {
  mode: EditMode;
  prompt: string;
  styleId: string | null;
  roomType: string;
  seed: number;
  creativity: string;
  instruction: string | null;
  /** The edit's parameters besides its mode and mask: scope, keep, text, material. */
  edit: Record<string, string>;
  references: number;
  width: number;
  height: number;
  /** File name of the mask (binarised, white = edit) in the same directory; null for modes without one. */
  mask: string | null;
};

/** How strongly a result leans towards its first reference's mean colour: enough to measure, as a listing's look would be shared. */
const REFERENCE_PULL = 0.5;
/** What a staged room's lower third is tinted with: the furniture stands there. */
const STAGED_FURNITURE: Rgb = [139, 90, 43];

/**
 * An engine for tests that behaves as the script says: its latency, progress and failures, and warped
 * results. Every mode gives a visible, checkable result: a restyle is the local engine's (so results differ
 * per style); staging is that restyle with its lower third tinted brown; decluttering takes the colour out;
 * remove fills the mask with the mean colour around it, replace with a colour from the text's hash, material
 * with the material's swatch. References pull the result towards the first one's mean colour.
 */
export function createFakeEngine(script: FakeEngineScript, options: FakeEngineOptions = {}): Engine {
  const local = createLocalEngine();
  const transientThrown = new Map<string, number>();
  const warped = new Set<string>();
  // A hosted engine's work costs this server nothing; the local restyle that stands in for it does. Made
  // once per photo and style, so repeated batches (benchmarks) measure the pipeline, not the stand-in.
  const made = new Map<string, Promise<Buffer>>();
  const restyle = (input: EngineInput, styleId: string) => {
    const key = `${createHash("sha1").update(input.image).digest("hex")}:${styleId}`;
    let image = made.get(key);
    if (!image) {
      image = local.generate({ ...input, styleId, edit: { mode: "restyle", styleId }, onProgress: () => {} }).then((output) => asAnswered(output.image, script.answer));
      image.catch(() => made.delete(key));
      if (made.size >= 64) made.delete(made.keys().next().value!);
      made.set(key, image);
    }
    return image;
  };

  async function answer(input: EngineInput): Promise<Buffer> {
    const { edit } = input;
    // The stand-in the mode's module names for the fake engine (src/config/modes/).
    const support = modeSupport(edit.mode, "fake");
    if (!support.ok || support.entry.standIn === "own") throw new EngineError("refused", `mode not supported: ${edit.mode}`);
    const { standIn } = support.entry;
    if (standIn === "sky") return (await local.generate({ ...input, onProgress: () => {} })).image;
    // A style from a reference photo without the photo would be a guess: an engine that takes references needs it.
    if (standIn === "reference" && !input.references?.length) throw new EngineError("refused", "no reference image");
    const change = script.structure?.[input.styleId ?? edit.mode];
    if (change) {
      const photo = await decodeRaw({ image: input.image });
      const changed = change === "window" ? drawWindow({ image: photo }).image : await redrawFurniture({ image: photo });
      const made = await sharp(changed.data, { raw: { width: changed.width, height: changed.height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
      return script.answer ? asAnswered(made, script.answer) : made;
    }
    const styled = standIn === "restyle" || modeOf(edit.mode).styled;
    const base = styled && edit.styleId && script.output !== "input" ? await restyle(input, edit.styleId) : input.image;
    const warpKey = [input.styleId ?? edit.mode, edit.mode].find((key) => script.warp?.includes(key));
    const warpNow = warpKey !== undefined && !(script.warpOnce && warped.has(warpKey));
    if (warpKey !== undefined) warped.add(warpKey);
    // Today's restyle, untouched: the same bytes as the local engine's (in the script's answer form).
    if (standIn === "restyle" && !warpNow && !input.references?.length) return base;

    const { data, info } = await sharp(base).removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
    const mask = edit.mask ? await sharp(await whiteEditMask({ mask: edit.mask, width, height })).extractChannel(0).raw().toBuffer() : null;
    const inMask = (i: number) => mask![i]! > 127;
    if (standIn === "lower-third") paint(pixels, (i) => i >= Math.floor((width * height * 2) / 3), STAGED_FURNITURE, 0.5);
    else if (standIn === "grey") for (let i = 0; i < pixels.length; i += 3) pixels[i] = pixels[i + 1] = pixels[i + 2] = 0.2126 * pixels[i]! + 0.7152 * pixels[i + 1]! + 0.0722 * pixels[i + 2]!;
    else if (standIn === "fill-surroundings") paint(pixels, inMask, meanColour(pixels, (i) => mask![i]! <= 127), 1);
    else if (standIn === "fill-text") paint(pixels, inMask, textColour(edit.text ?? ""), 1);
    else if (standIn === "fill-material") paint(pixels, inMask, hexColour(findFloorMaterial(edit.material ?? "")?.swatch ?? "#808080"), 1);
    else if (typeof standIn === "object") {
      const half = Math.floor(height / 2) * width;
      const where = standIn.region === "upper-half" ? (i: number) => i < half : standIn.region === "lower-half" ? (i: number) => i >= half : () => true;
      paint(pixels, where, hexColour(standIn.tint), standIn.amount);
    }
    if (input.references?.length) {
      const reference = await sharp(input.references[0]).removeAlpha().toColourspace("srgb").stats();
      const mean = reference.channels.slice(0, 3).map((c) => c.mean) as Rgb;
      paint(pixels, () => true, mean, REFERENCE_PULL);
    }
    let result = sharp(data, { raw: { width, height, channels: 3 } });
    if (warpNow) {
      // Stretched down by 8 % and moved right by 5 %: every line of the room moves.
      const stretched = await result.resize(width, Math.round(height * 1.08), { fit: "fill" }).png().toBuffer();
      const shift = Math.round(width * 0.05);
      const moved = await sharp(stretched).extract({ left: 0, top: 0, width: width - shift, height }).extend({ left: shift, extendWith: "copy" }).png().toBuffer();
      result = sharp(moved);
    }
    // Lossless, so a flat fill is exactly its colour.
    const made = await result.png({ compressionLevel: 1 }).toBuffer();
    return script.answer ? asAnswered(made, script.answer) : made;
  }

  async function record(input: EngineInput, dir: string): Promise<void> {
    await mkdir(dir, { recursive: true });
    const { edit } = input;
    const name = `${Date.now()}-${randomBytes(4).toString("hex")}`;
    let maskFile: string | null = null;
    if (edit.mask) {
      maskFile = `${name}-mask.png`;
      await writeFile(path.join(/*turbopackIgnore: true*/ dir, maskFile), await whiteEditMask({ mask: edit.mask, width: input.width, height: input.height }));
    }
    const params = Object.fromEntries(Object.entries(edit).filter(([key, value]) => key !== "mode" && key !== "mask" && typeof value === "string")) as Record<string, string>;
    const call: FakeEngineCall = {
      mode: edit.mode,
      prompt: input.prompt,
      styleId: input.styleId,
      roomType: input.roomType,
      seed: input.seed,
      creativity: input.creativity,
      instruction: input.instruction ?? null,
      edit: params,
      references: input.references?.length ?? 0,
      width: input.width,
      height: input.height,
      mask: maskFile,
    };
    await appendFile(path.join(dir, "calls.jsonl"), `${JSON.stringify(call)}\n`);
  }

  return {
    id: "fake",
    concurrency: script.concurrency ?? MAX_STYLES_PER_BATCH,
    async generate(input) {
      input.signal.throwIfAborted();
      if (options.recordDir) await record(input, options.recordDir);
      const key = input.styleId ?? input.edit.mode;
      const failure = script.failures?.[key];
      const thrown = transientThrown.get(key) ?? 0;
      const failsNow = typeof failure === "string" || (failure !== undefined && thrown < failure.transientTimes);
      const [, output] = await Promise.all([elapse(script, input), failsNow ? undefined : answer(input)]);
      if (typeof failure === "string") {
        throw new EngineError(failure, `Scripted ${failure} failure for ${key}`);
      }
      if (failure && failsNow) {
        transientThrown.set(key, thrown + 1);
        throw new EngineError("transient", `Scripted transient failure ${thrown + 1} of ${failure.transientTimes} for ${key}`, failure.retryAfterMs);
      }
      return { image: output! };
    },
    upscale: plainUpscale,
  };
}

type Rgb = [number, number, number];

/** The image as the script's hosted engine hands it back (FakeEngineScript.answer); as it is without one. */
async function asAnswered(image: Buffer, answer: FakeEngineScript["answer"]): Promise<Buffer> {
  if (!answer) return image;
  const resized = answer.longSide ? sharp(image).resize(answer.longSide, answer.longSide, { fit: "inside" }) : sharp(image);
  return (answer.format === "png" ? resized.png() : resized.webp({ quality: 90 })).toBuffer();
}

/** Mixes `colour` into the pixels where `where(pixel index)` holds, by `amount` (1 replaces them). */
function paint(pixels: Uint8ClampedArray, where: (pixel: number) => boolean, [r, g, b]: Rgb, amount: number): void {
  for (let p = 0, i = 0; i < pixels.length; p++, i += 3) {
    if (!where(p)) continue;
    pixels[i] = pixels[i]! + (r - pixels[i]!) * amount;
    pixels[i + 1] = pixels[i + 1]! + (g - pixels[i + 1]!) * amount;
    pixels[i + 2] = pixels[i + 2]! + (b - pixels[i + 2]!) * amount;
  }
}

function meanColour(pixels: Uint8ClampedArray, where: (pixel: number) => boolean): Rgb {
  const sum = [0, 0, 0];
  let count = 0;
  for (let p = 0, i = 0; i < pixels.length; p++, i += 3) {
    if (!where(p)) continue;
    sum[0]! += pixels[i]!;
    sum[1]! += pixels[i + 1]!;
    sum[2]! += pixels[i + 2]!;
    count++;
  }
  return count ? (sum.map((s) => Math.round(s / count)) as Rgb) : [128, 128, 128];
}

/** A saturated colour whose hue comes from the text: the same text, the same colour. */
function textColour(text: string): Rgb {
  const hue = createHash("sha1").update(text).digest().readUInt16BE(0) % 360;
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (0.5 - 0.4 * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function hexColour(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Waits out the latency in equal slices, reporting progress after each but the last. Each slice ends at its
 * time from the call's start, so the timers' lateness on a busy host does not add up beyond the latency.
 */
async function elapse(script: FakeEngineScript, { onProgress, signal }: EngineInput): Promise<void> {
  const steps = script.progressSteps ?? 0;
  const began = performance.now();
  for (let step = 1; step <= steps + 1; step++) {
    try {
      await sleep(Math.max(0, began + (script.latencyMs * step) / (steps + 1) - performance.now()), undefined, { signal });
    } catch (error) {
      // The same error as every other engine gives on abort: the signal's reason.
      signal.throwIfAborted();
      throw error;
    }
    if (step <= steps) onProgress(step / (steps + 1));
  }
}
