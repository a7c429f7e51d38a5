import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import Replicate, { parseProgressFromLogs, type Prediction } from "replicate";
import { MAX_STYLES_PER_BATCH } from "@/config/generation";
import { modeSupport } from "@/config/modes";
import {
  replicateEditModels,
  replicateModels,
  replicateRoutes,
  replicateUpscaler,
  type ReplicateEditModelId,
  type ReplicateModel,
  type ReplicateModelId,
} from "@/config/engines";
import { log } from "@/server/log";
import sharp from "sharp";
import { EngineError, type Engine, type EngineInput, type EngineOutput, type UpscaleInput } from "./engine";
import { whiteEditMask } from "./masks";
import { UNTIL_ANSWERED, failureFromError, failureFromStatus, parseRetryAfter, withTimeout } from "./engine-http";
import { checkedImage, fitImage } from "./engine-image";

export type ReplicateTiming = {
  /** The first poll comes this long after the prediction is created; each next one `pollFactor` times later, at most `maxPollMs`. */
  firstPollMs: number;
  pollFactor: number;
  maxPollMs: number;
  /** One API request or output download. */
  requestMs: number;
};

const TIMING: ReplicateTiming = { firstPollMs: 1000, pollFactor: 1.5, maxPollMs: 5000, requestMs: 30_000 };

export type ReplicateEngineOptions = {
  token: string;
  model: ReplicateModelId;
  /** Tests: a local fake instead of https://api.replicate.com/v1. */
  baseUrl?: string;
  /** Where Replicate posts the finished prediction (app/api/webhooks/replicate), when APP_URL is public. */
  webhookUrl?: string;
  /** Subscribes to that webhook's "prediction changed" signal; returns the unsubscribe. */
  watch?: (predictionId: string, wake: () => void) => () => void;
  timing?: Partial<ReplicateTiming>;
};

/** Photos up to this size travel inside the prediction as a data URI, which Replicate does not store; larger ones go through its Files API (Replicate's docs recommend data URIs only up to 256 KB). */
const DATA_URI_MAX_BYTES = 256 * 1024;

/** A failed prediction whose error comes from a safety checker: SD's "NSFW content detected", FLUX's E005 "flagged as sensitive". */
const MODERATION_ERROR = /nsfw|sensitive|safety/i;

const TERMINAL = new Set<Prediction["status"]>(["succeeded", "failed", "canceled", "aborted"]);

type AnyModelId = ReplicateModelId | ReplicateEditModelId;

function modelById(id: AnyModelId): ReplicateModel {
  return id in replicateModels ? replicateModels[id as ReplicateModelId] : replicateEditModels[id as ReplicateEditModelId];
}

/**
 * The model for one edit, as the mode's module names it (src/config/modes/): the inpainting and erasing models
 * for the brushed modes; REPLICATE_MODEL for a plain restyle (`configured`); an instruction model for a
 * restyle with the person's words and for the modes that ask for one, one that takes reference images when
 * there are any.
 */
export function replicateModelFor(configured: ReplicateModelId, { edit, instruction, references }: Pick<EngineInput, "edit" | "instruction" | "references">): AnyModelId {
  const support = modeSupport(edit.mode, "replicate");
  if (!support.ok || support.entry.model === "own") throw new EngineError("refused", `mode not supported: ${edit.mode}`);
  const { model } = support.entry;
  if (model !== "configured" && model !== "instruction") return model;
  if (model === "configured" && !instruction) return configured;
  const own: ReplicateModel = replicateModels[configured];
  if (references?.length) return (own.maxImages ?? 1) > 1 ? configured : replicateRoutes.references;
  return own.instructions ? configured : replicateRoutes.instruction;
}

/**
 * Replicate: a prediction of the edit's model (replicateModelFor) with the photo, the prompt and, by model,
 * the mask (white = edit, at the photo's size), the reference images, the seed and the creativity; polled
 * with backoff; when APP_URL is public, the signed webhook of its end wakes the poll at once. Progress comes
 * from the model's logs where it prints percentages. The output is downloaded as soon as it is there, since
 * Replicate deletes it after an hour. A prediction whose job is aborted is canceled, so that nobody pays for
 * an image nobody waits for. Results are upscaled by Real-ESRGAN.
 */
export function createReplicateEngine(options: ReplicateEngineOptions): Engine {
  const timing = { ...TIMING, ...options.timing };
  // Its own retries of a 429 come at once (replicate 1.4.0 skips its backoff sleep): the worker's backoff, which reads Retry-After, is the real one.
  const client = new Replicate({ auth: options.token, baseUrl: options.baseUrl, userAgent: "aranzer" });

  async function generate(input: EngineInput): Promise<EngineOutput> {
    const { signal, edit } = input;
    signal.throwIfAborted();
    const modelId = replicateModelFor(options.model, input);
    const model = modelById(modelId);
    const uploads = uploader(signal);
    try {
      const photo = await fitImage(input.image, { longSide: model.longSide, format: "jpeg" });
      let image: string | string[] = await uploads.put(photo.data, "room.jpg", photo.contentType);
      if (model.imageAsList) {
        const references = (input.references ?? []).slice(0, (model.maxImages ?? 1) - 1);
        const referenceUrls: string[] = [];
        for (const [index, reference] of references.entries()) {
          const fitted = await fitImage(reference, { longSide: model.longSide, format: "jpeg" });
          referenceUrls.push(await uploads.put(fitted.data, `reference-${index + 1}.jpg`, fitted.contentType));
        }
        image = [image, ...referenceUrls];
      }
      const modelInput: Record<string, unknown> = { ...model.fixedInput, [model.imageInput]: image };
      if (model.prompt !== false) modelInput.prompt = input.prompt;
      if (model.maskInput) {
        if (!edit.mask) throw new EngineError("refused", `${modelId} needs a mask`);
        // The mask at the size of the photo as sent: the models take white = edit, as our masks are.
        const mask = await whiteEditMask({ mask: edit.mask, width: photo.width, height: photo.height });
        modelInput[model.maskInput] = await uploads.put(mask, "mask.png", "image/png");
      }
      if (model.seed) modelInput.seed = input.seed;
      if (model.creativity) modelInput[model.creativity.input] = model.creativity.values[input.creativity];
      const done = await predict(model.version ? { version: model.version } : { model: modelId }, modelInput, input);
      return { image: await download(done, signal), costUsd: model.priceUsd };
    } finally {
      uploads.release();
    }
  }

  /** A 2× Real-ESRGAN enlargement (the result scaled to its input limit first), resampled up to `minLongSide` if still short of it. */
  async function upscale({ image, width, height, minLongSide, signal }: UpscaleInput): Promise<EngineOutput> {
    signal.throwIfAborted();
    const uploads = uploader(signal);
    try {
      const fit = Math.min(1, Math.sqrt(replicateUpscaler.maxInputPixels / (width * height)));
      const fitted = await fitImage(image, { longSide: Math.floor(Math.max(width, height) * fit), format: "png" });
      const url = await uploads.put(fitted.data, "result.png", fitted.contentType);
      const done = await predict({ version: replicateUpscaler.version }, { ...replicateUpscaler.fixedInput, image: url }, { signal, onProgress: () => {} });
      let output = await download(done, signal);
      const meta = await sharp(output).metadata();
      const longSide = Math.max(meta.width ?? 0, meta.height ?? 0);
      if (longSide < minLongSide) {
        const scale = minLongSide / longSide;
        output = await sharp(output)
          .resize(Math.round(meta.width! * scale), Math.round(meta.height! * scale), { fit: "fill", kernel: "lanczos3" })
          .png()
          .toBuffer();
      }
      return { image: output, costUsd: replicateUpscaler.priceUsd };
    } finally {
      uploads.release();
    }
  }

  /**
   * Inputs up to DATA_URI_MAX_BYTES travel inside the prediction as data URIs, which Replicate does not store;
   * larger ones go through its Files API, deleted again afterwards.
   */
  function uploader(signal: AbortSignal) {
    const ids: string[] = [];
    return {
      async put(data: Buffer, name: string, type: string): Promise<string> {
        if (data.length <= DATA_URI_MAX_BYTES) return `data:${type};base64,${data.toString("base64")}`;
        const file = await call(signal, () => client.files.create(new File([new Uint8Array(data)], name, { type }), {}, { signal: withTimeout(signal, timing.requestMs) }));
        ids.push(file.id);
        return file.urls.get;
      },
      release() {
        // Replicate would delete them within the hour anyway; sooner is better for a photo of someone's home.
        for (const id of ids) void client.files.delete(id).catch((error: unknown) => log.warn("replicate.file_delete_failed", { fileId: id, error }));
      },
    };
  }

  /** Creates a prediction and polls it to its end. */
  async function predict(target: { version: string } | { model: string }, modelInput: Record<string, unknown>, job: Pick<EngineInput, "signal" | "onProgress">): Promise<Prediction> {
    // Not cut short by the job's signal: a prediction created while we gave up would run, billed, with no one to cancel it.
    const created = await call(UNTIL_ANSWERED, () =>
      client.predictions.create({
        ...target,
        input: modelInput,
        ...(options.webhookUrl ? { webhook: options.webhookUrl, webhook_events_filter: ["completed" as const] } : {}),
        signal: withTimeout(UNTIL_ANSWERED, timing.requestMs),
      }),
    );
    if (job.signal.aborted) {
      cancel(created.id);
      throw job.signal.reason;
    }
    return settle(created, job);
  }

  /** Polls until the prediction ends; cancels it when the job is aborted meanwhile. */
  async function settle(created: Prediction, { signal, onProgress }: Pick<EngineInput, "signal" | "onProgress">): Promise<Prediction> {
    let prediction = created;
    let delay = timing.firstPollMs;
    const waker = wakeable(signal);
    const unsubscribe = options.watch?.(prediction.id, waker.wake);
    try {
      while (!TERMINAL.has(prediction.status)) {
        onProgress(progressOf(prediction));
        await waker.nap(delay);
        delay = Math.min(delay * timing.pollFactor, timing.maxPollMs);
        try {
          prediction = await call(signal, () => client.predictions.get(prediction.id, { signal: withTimeout(signal, timing.requestMs) }));
        } catch (error) {
          if (!(error instanceof EngineError) || error.kind !== "transient") throw error;
          // The prediction runs on whatever our poll met: ask again later rather than pay for a new one.
          delay = Math.max(delay, error.retryAfterMs ?? 0);
          log.warn("replicate.poll_failed", { predictionId: prediction.id, message: error.message });
        }
      }
      return prediction;
    } catch (error) {
      if (signal.aborted) {
        cancel(prediction.id);
        throw signal.reason;
      }
      throw error;
    } finally {
      unsubscribe?.();
    }
  }

  /** Not awaited: the job has been given up already. A cancel that fails leaves a prediction that ends unseen. */
  function cancel(id: string) {
    void client.predictions.cancel(id, { signal: AbortSignal.timeout(timing.requestMs) }).then(
      () => log.info("replicate.canceled", { predictionId: id }),
      (error: unknown) => log.warn("replicate.cancel_failed", { predictionId: id, error }),
    );
  }

  async function download(prediction: Prediction, signal: AbortSignal): Promise<Buffer> {
    if (prediction.status === "failed") {
      const message = String(prediction.error ?? "no error given");
      throw new EngineError(MODERATION_ERROR.test(message) ? "moderated" : "failed", `Replicate prediction ${prediction.id} failed: ${message}`);
    }
    // Canceled or aborted without us asking: by Replicate (a deadline, a lost worker), so another try may do.
    if (prediction.status !== "succeeded") throw new EngineError("transient", `Replicate prediction ${prediction.id} ended ${prediction.status}`);
    const output: unknown = prediction.output;
    // Models with several outputs put the image last (the ControlNet family gives its control map first).
    const url = typeof output === "string" ? output : Array.isArray(output) ? output.at(-1) : undefined;
    if (typeof url !== "string" || !/^(https?|data):/.test(url)) {
      throw new EngineError("failed", `Replicate prediction ${prediction.id} has no image output: ${JSON.stringify(output)?.slice(0, 200)}`);
    }
    if (url.startsWith("data:")) return checkedImage("Replicate", Buffer.from(url.slice(url.indexOf(",") + 1), "base64"));
    const response = await call(signal, () => fetch(url, { signal: withTimeout(signal, timing.requestMs) }));
    if (!response.ok) {
      // Gone already (it lives an hour), or never there: fetching it again will not bring it back.
      if (response.status === 404 || response.status === 410) throw new EngineError("failed", `Replicate output of ${prediction.id} is gone (${response.status})`);
      throw failureFromStatus("Replicate", response.status, `downloading the output: ${await response.text()}`, parseRetryAfter(response.headers.get("retry-after")));
    }
    return checkedImage("Replicate", Buffer.from(await call(signal, () => response.arrayBuffer())));
  }

  // Hosted and scaled by Replicate (600 predictions a minute): a whole batch at once.
  return { id: "replicate", concurrency: MAX_STYLES_PER_BATCH, generate, upscale };
}

/** Runs one client call, turning what it throws into the pipeline's decision. */
async function call<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The client's ApiError (a type only, not exported at runtime) carries the response; its body is read already.
    if (error instanceof Error && "response" in error && error.response instanceof Response && !signal.aborted) {
      const { status, headers } = error.response;
      throw failureFromStatus("Replicate", status, error.message, parseRetryAfter(headers.get("retry-after")));
    }
    throw failureFromError("Replicate", error, signal);
  }
}

/** From the model's tqdm lines where it prints them ("76%|███   | 38/50"), else a step per status. */
function progressOf(prediction: Prediction): number {
  const parsed = parseProgressFromLogs(prediction);
  if (parsed) return 0.1 + 0.85 * parsed.percentage;
  return prediction.status === "processing" ? 0.1 : 0.05;
}

/** Naps between polls that a webhook signal cuts short (also one that came in while no nap was under way). */
function wakeable(signal: AbortSignal) {
  let pending = false;
  let interrupt: (() => void) | undefined;
  return {
    wake() {
      pending = true;
      interrupt?.();
    },
    async nap(ms: number) {
      if (!pending) {
        const early = new AbortController();
        interrupt = () => early.abort();
        await sleep(ms, undefined, { signal: AbortSignal.any([signal, early.signal]) }).catch(() => signal.throwIfAborted());
        interrupt = undefined;
      }
      pending = false;
    },
  };
}
