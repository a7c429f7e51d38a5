import "server-only";
import OpenAI, { APIError, toFile } from "openai";
import sharp from "sharp";
import { openaiImageModels, openaiImageSizes, openaiInputFidelity, type OpenAIImageModel, type OpenAIImageModelId } from "@/config/engines";
import { EngineError, type Engine, type EngineInput, type EngineOutput } from "./engine";
import { transparentEditImage, whiteEditMask } from "./masks";
import { failureFromError, failureFromStatus, parseRetryAfter } from "./engine-http";
import { checkedImage, fitImage } from "./engine-image";

export type OpenAIEngineOptions = {
  apiKey: string;
  model: OpenAIImageModelId;
  quality: "low" | "medium" | "high";
  /** Tests: a local fake instead of https://api.openai.com/v1. */
  baseURL?: string;
  /** One edit takes up to about two minutes on complex prompts; this stays below the worker's own limit. */
  timeoutMs?: number;
};

/** The long side of each reference image we send: the model reads them at about its output size. */
const REFERENCE_LONG_SIDE = 1536;
/** Images one edit takes: the room, then references. */
const MAX_IMAGES = 16;

/** Where the photo sits inside the padded canvas of one of the model's sizes. */
export type OpenAIFrame = { size: (typeof openaiImageSizes)[number]["size"]; canvas: { width: number; height: number }; left: number; top: number; width: number; height: number };

/**
 * The model's size nearest the photo's proportions, and the photo scaled to fit inside it, centred: the rest
 * is padding, cropped off the answer again. Padding rather than stretching keeps the room's geometry.
 */
export function openaiFrame(width: number, height: number): OpenAIFrame {
  const distance = (w: number, h: number) => Math.abs(Math.log(w / h / (width / height)));
  const best = openaiImageSizes.reduce((a, b) => (distance(b.width, b.height) < distance(a.width, a.height) ? b : a));
  const scale = Math.min(best.width / width, best.height / height);
  const inner = { width: Math.min(best.width, Math.round(width * scale)), height: Math.min(best.height, Math.round(height * scale)) };
  return { size: best.size, canvas: { width: best.width, height: best.height }, left: Math.floor((best.width - inner.width) / 2), top: Math.floor((best.height - inner.height) / 2), ...inner };
}

/**
 * OpenAI image edits: the photo padded to the model's size nearest its proportions (WebP, with its real
 * Content-Type: the API refuses application/octet-stream), the reference images after it, and for masked
 * modes the mask in OpenAI's polarity (transparent = edit) at the padded size; `input_fidelity` from the
 * creativity where the model takes it. The answer (base64) is cropped back to the photo and resized to its
 * size. Its safety system's `moderation_blocked` is a refusal with a message of its own.
 */
export function createOpenAIEngine(options: OpenAIEngineOptions): Engine {
  const model: OpenAIImageModel = openaiImageModels[options.model];
  // No retries in the client: the worker's backoff retries (after Retry-After) without holding a worker slot meanwhile.
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs ?? 170_000 });

  async function generate({ image, width, height, prompt, edit, creativity, references, signal }: EngineInput): Promise<EngineOutput> {
    signal.throwIfAborted();
    const frame = openaiFrame(width, height);
    const padding = { left: frame.left, top: frame.top, right: frame.canvas.width - frame.width - frame.left, bottom: frame.canvas.height - frame.height - frame.top };
    // Padded with the photo's own edge pixels: a frame of one colour would read as a wall or a window.
    const photo = await sharp(image).resize(frame.width, frame.height, { fit: "fill" }).extend({ ...padding, extendWith: "copy" }).webp({ quality: 90 }).toBuffer();
    const files = [await toFile(photo, "room.webp", { type: "image/webp" })];
    for (const [index, reference] of (references ?? []).slice(0, MAX_IMAGES - 1).entries()) {
      const fitted = await fitImage(reference, { longSide: REFERENCE_LONG_SIDE, format: "webp" });
      files.push(await toFile(fitted.data, `reference-${index + 1}.webp`, { type: fitted.contentType }));
    }
    let mask;
    if (edit.mask) {
      // The padding is kept; the photo's colours are left out of the mask, so it stays far below the 4 MB limit.
      const white = await sharp(await whiteEditMask({ mask: edit.mask, width: frame.width, height: frame.height }))
        .extend({ ...padding, background: "#000000" })
        .png()
        .toBuffer();
      const canvas = await sharp({ create: { ...frame.canvas, channels: 3, background: "#000000" } }).png().toBuffer();
      mask = await toFile(await transparentEditImage({ image: canvas, mask: white }), "mask.png", { type: "image/png" });
    }
    let response;
    try {
      response = await client.images.edit(
        {
          model: options.model,
          image: files.length === 1 ? files[0]! : files,
          ...(mask ? { mask } : {}),
          prompt,
          size: frame.size,
          quality: options.quality,
          output_format: "webp",
          n: 1,
          ...(model.inputFidelity ? { input_fidelity: openaiInputFidelity[creativity] } : {}),
        },
        { signal },
      );
    } catch (error) {
      throw fromOpenAI(error, signal);
    }
    const b64 = response.data?.[0]?.b64_json;
    if (typeof b64 !== "string" || !b64) throw new EngineError("failed", "OpenAI answered without an image (no data[0].b64_json)");
    const answer = await checkedImage("OpenAI", Buffer.from(b64, "base64"));
    return { image: await cropBack(answer, frame, width, height), costUsd: costOf(model, response.usage) };
  }

  // Images per minute are few on new accounts; GENERATION_CONCURRENCY raises this on larger ones.
  return { id: "openai", concurrency: 4, generate };
}

/** The photo's part of the answer (scaled, should the answer come at another size), at the photo's own size; lossless, as the worker encodes it once more. */
async function cropBack(answer: Buffer, frame: OpenAIFrame, width: number, height: number): Promise<Buffer> {
  const meta = await sharp(answer).metadata();
  const sx = meta.width! / frame.canvas.width;
  const sy = meta.height! / frame.canvas.height;
  const left = Math.round(frame.left * sx);
  const top = Math.round(frame.top * sy);
  const region = { left, top, width: Math.min(meta.width! - left, Math.round(frame.width * sx)), height: Math.min(meta.height! - top, Math.round(frame.height * sy)) };
  return sharp(answer).extract(region).resize(width, height, { fit: "fill" }).png({ compressionLevel: 1 }).toBuffer();
}

function fromOpenAI(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  // Connection errors are APIErrors too, without a status.
  if (error instanceof APIError && typeof error.status === "number") {
    if (error.code === "moderation_blocked") return new EngineError("moderated", `OpenAI's safety system blocked the edit: ${error.message}`);
    const retryAfterMs = Number(error.headers?.get("retry-after-ms")) || parseRetryAfter(error.headers?.get("retry-after"));
    return failureFromStatus("OpenAI", error.status, error.message, retryAfterMs);
  }
  return failureFromError("OpenAI", error, signal);
}

type Usage = { input_tokens_details?: { text_tokens?: number; image_tokens?: number }; output_tokens?: number };

/** What the answer's token usage costs at the model's prices; unknown without either. */
function costOf(model: OpenAIImageModel, usage: Usage | undefined): number | undefined {
  const price = model.pricePerMillion;
  if (!price || !usage) return undefined;
  const text = usage.input_tokens_details?.text_tokens ?? 0;
  const image = usage.input_tokens_details?.image_tokens ?? 0;
  return (text * price.textInput + image * price.imageInput + (usage.output_tokens ?? 0) * price.imageOutput) / 1_000_000;
}
