import "server-only";
import OpenAI, { APIError, toFile } from "openai";
import { openaiImageModels, type OpenAIImageModel, type OpenAIImageModelId } from "@/config/engines";
import { EngineError, type Engine, type EngineInput, type EngineOutput } from "./engine";
import { failureFromError, failureFromStatus, parseRetryAfter } from "./provider-http";
import { checkedImage, fitImage } from "./provider-image";

export type OpenAIEngineOptions = {
  apiKey: string;
  model: OpenAIImageModelId;
  quality: "low" | "medium" | "high";
  /** Tests: a local fake instead of https://api.openai.com/v1. */
  baseURL?: string;
  /** One edit takes up to about two minutes on complex prompts; this stays below the worker's own limit. */
  timeoutMs?: number;
};

/** The sizes every GPT image model takes; the one nearest the photo's proportions is asked for. */
const SIZES = [
  { size: "1536x1024", aspect: 1.5 },
  { size: "1024x1024", aspect: 1 },
  { size: "1024x1536", aspect: 2 / 3 },
] as const;

/** The long side of the photo we send: the largest output side (the model reads the photo at about its output size). */
const INPUT_LONG_SIDE = 1536;

/**
 * OpenAI image edits: the photo (WebP, with its real Content-Type: the API refuses application/octet-stream)
 * and the prompt, `input_fidelity: "high"` where the model takes it, so that the room stays the room; the
 * answer is base64. Its safety system's `moderation_blocked` is a refusal with a message of its own.
 */
export function createOpenAIEngine(options: OpenAIEngineOptions): Engine {
  const model: OpenAIImageModel = openaiImageModels[options.model];
  // No retries in the client: the worker's backoff retries (after Retry-After) without holding a worker slot meanwhile.
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 0, timeout: options.timeoutMs ?? 170_000 });

  async function generate({ image, width, height, prompt, signal }: EngineInput): Promise<EngineOutput> {
    signal.throwIfAborted();
    const photo = await fitImage(image, { longSide: INPUT_LONG_SIDE, format: "webp" });
    const distance = (aspect: number) => Math.abs(Math.log(aspect / (width / height)));
    const { size } = SIZES.reduce((best, candidate) => (distance(candidate.aspect) < distance(best.aspect) ? candidate : best));
    let response;
    try {
      response = await client.images.edit(
        {
          model: options.model,
          image: await toFile(photo.data, "room.webp", { type: photo.contentType }),
          prompt,
          size,
          quality: options.quality,
          output_format: "webp",
          n: 1,
          ...(model.inputFidelity ? { input_fidelity: "high" as const } : {}),
        },
        { signal },
      );
    } catch (error) {
      throw fromOpenAI(error, signal);
    }
    const b64 = response.data?.[0]?.b64_json;
    if (typeof b64 !== "string" || !b64) throw new EngineError("failed", "OpenAI answered without an image (no data[0].b64_json)");
    return { image: await checkedImage("OpenAI", Buffer.from(b64, "base64")), costUsd: costOf(model, response.usage) };
  }

  // Images per minute are few on new accounts; GENERATION_CONCURRENCY raises this on larger ones.
  return { id: "openai", concurrency: 4, generate };
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
