import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import WebSocket from "ws";
import { z } from "zod";
import type { Creativity } from "@/config/edit-modes";
import { modeSupport } from "@/config/modes";
import { log } from "@/server/log";
import { EngineError, type Engine, type EngineInput, type EngineOutput, type UpscaleInput } from "./engine";
import { transparentEditImage } from "./masks";
import { UNTIL_ANSWERED, failureFromError, failureFromStatus, parseRetryAfter, withTimeout } from "./engine-http";
import { checkedImage, fitImage } from "./engine-image";
import inpaintTemplate from "./comfyui/inpaint.json";
import upscaleTemplate from "./comfyui/upscale.json";
import restyleTemplate from "./comfyui/workflow.json";

export type ComfyUITiming = {
  /** One HTTP request. */
  requestMs: number;
  /** How often /history is asked while the websocket says nothing (it may be down, or not send the end). */
  pollMs: number;
  /** How long the websocket may take to open before we rely on polling alone. */
  connectMs: number;
};

const TIMING: ComfyUITiming = { requestMs: 30_000, pollMs: 2_000, connectMs: 5_000 };

export type ComfyUIEngineOptions = {
  url: string;
  /** File names on the server, instead of the workflow's. */
  checkpoint?: string;
  /** The checkpoint of the masked edits (inpaint.json); the restyle one when not given. */
  inpaintCheckpoint?: string;
  controlNet?: string;
  /** The upscaler's file in the server's models/upscale_models; its factor is read from the name (x2, 4x…). */
  upscaleModel?: string;
  timing?: Partial<ComfyUITiming>;
};

export const DEFAULT_UPSCALE_MODEL = "RealESRGAN_x2.pth";

/** Stable Diffusion 1.5 works best at 512–768 px; its latent has 8-pixel cells. */
const WORK_SIDE = 768;

type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown>; _meta?: { title?: string } }>;

/**
 * How much of the photo the sampler may redraw. Img2img (restyle, stage, declutter) needs more to move
 * furniture in or out; inpainting redraws only inside the mask, where the latent starts from the photo.
 */
export const COMFYUI_DENOISE = {
  img2img: { subtle: 0.65, balanced: 0.8, bold: 0.92 },
  inpaint: { subtle: 0.55, balanced: 0.7, bold: 0.85 },
} as const satisfies Record<string, Record<Creativity, number>>;

const queuedSchema = z.object({ prompt_id: z.string().min(1) });
/** Queue items are [number, prompt_id, prompt, extra_data, outputs_to_execute]. */
const queueSchema = z.object({ queue_running: z.array(z.array(z.unknown())).default([]), queue_pending: z.array(z.array(z.unknown())).default([]) });
const validationSchema = z.object({
  error: z.union([z.string(), z.object({ type: z.string().optional(), message: z.string().optional(), details: z.string().optional() })]).optional(),
  node_errors: z
    .union([
      z.record(z.string(), z.object({ class_type: z.string().optional(), errors: z.array(z.object({ message: z.string().optional(), details: z.string().optional() })).default([]) })),
      z.array(z.unknown()),
    ])
    .optional(),
});
const uploadedSchema = z.object({ name: z.string().min(1), subfolder: z.string().default("") });
const imageRefSchema = z.object({ filename: z.string().min(1), subfolder: z.string().default(""), type: z.string().default("output") });
const historySchema = z.record(
  z.string(),
  z.object({
    outputs: z.record(z.string(), z.object({ images: z.array(imageRefSchema).optional() })).default({}),
    status: z.object({ status_str: z.string(), messages: z.array(z.tuple([z.string(), z.unknown()])).default([]) }).optional(),
  }),
);
const wsMessageSchema = z.object({ type: z.string(), data: z.record(z.string(), z.unknown()).default({}) });

/** How soon /history is asked again when the websocket has reported the end but the entry is not there yet. */
const AFTER_END_MS = 100;

/** Errors of a run that another run may not meet: the GPU's memory was full, or someone interrupted the queue. */
const TRANSIENT_EXCEPTION = /OutOfMemory|out of memory|Interrupt/i;

/**
 * Nodes of the workflows that a ComfyUI install may lack, and what brings them: both ship with ComfyUI's own
 * comfy_extras, but load only when their Python package is installed (its requirements.txt lists them).
 */
const NODE_NEEDS: Record<string, string> = {
  Canny: "the Python package kornia",
  UpscaleModelLoader: "the Python package spandrel",
  ImageUpscaleWithModel: "the Python package spandrel",
};

const nodesOf = (template: object) => [...new Set(Object.values(template as Workflow).map((node) => node.class_type))];
/** The node types each workflow needs, as /object_info names them. */
export const COMFYUI_WORKFLOW_NODES = { restyle: nodesOf(restyleTemplate), inpaint: nodesOf(inpaintTemplate), upscale: nodesOf(upscaleTemplate) } as const;

/**
 * A self-hosted ComfyUI with the workflows of this folder, made of ComfyUI's own nodes (Canny and the upscale
 * model nodes need its optional kornia and spandrel packages, NODE_NEEDS):
 * - workflow.json (restyle, stage, declutter): img2img from the photo, held to its edges by a Canny ControlNet,
 *   so walls, windows and doors stay where they are;
 * - inpaint.json (remove, replace, material): the photo with the mask in its alpha (transparent = edit, as
 *   LoadImage makes MASK = 1 − alpha) → VAEEncode → SetLatentNoiseMask → the same sampler and ControlNet, whose
 *   edges are blanked inside the mask so that what is removed or replaced does not hold its old outline;
 * - upscale.json: an upscale model, then ImageScaleBy to the asked size.
 * The photo is uploaded through /upload/image, the workflow queued through /prompt under a prompt_id of our
 * own, progress comes from the server's websocket, the result from /history and /view. /history is the truth:
 * the websocket only reports progress and wakes the wait early, since some builds do not send the end of a
 * run and a websocket may drop.
 */
export function createComfyUIEngine(options: ComfyUIEngineOptions): Engine {
  const base = options.url.replace(/\/$/, "");
  const timing = { ...TIMING, ...options.timing };
  const upscaleModel = options.upscaleModel ?? DEFAULT_UPSCALE_MODEL;

  /**
   * The node types the server has (/object_info), asked once when the engine is made: the log says at start
   * which nodes a workflow lacks and what brings them, and a run of that workflow fails saying so instead of
   * with the server's "does not exist". Asked again on the next run when the server could not be reached.
   */
  let serverNodes: Promise<Set<string>> | undefined;
  const knownNodes = () =>
    (serverNodes ??= (async () => {
      const response = await check("/object_info", await send("/object_info", AbortSignal.timeout(timing.requestMs)));
      const nodes = new Set(Object.keys(await json(response, z.record(z.string(), z.unknown()), "the node list")));
      const missing = Object.entries(COMFYUI_WORKFLOW_NODES).flatMap(([workflow, needed]) => lacking(needed, nodes).map((node) => `${workflow}: ${node}`));
      if (missing.length) log.warn("comfyui.nodes_missing", { url: base, missing });
      return nodes;
    })().catch((error: unknown) => {
      serverNodes = undefined;
      throw error;
    }));
  knownNodes().catch((error: unknown) => log.warn("comfyui.object_info_failed", { url: base, error }));

  async function requireNodes(workflow: Workflow) {
    const missing = lacking(nodesOf(workflow), await knownNodes());
    if (missing.length) throw new EngineError("failed", `ComfyUI lacks the nodes ${missing.join(", ")}`);
  }

  /** The server's answer, whatever its status; throws only when there is none. */
  async function send(path: string, signal: AbortSignal, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: withTimeout(signal, timing.requestMs) });
    } catch (error) {
      throw failureFromError("ComfyUI", error, signal);
    }
  }

  async function check(path: string, response: Response): Promise<Response> {
    if (response.ok) return response;
    const detail = await response.text().catch(() => "");
    // Its 400 for /prompt means the workflow does not fit this server (a model file it lacks): ours to mend, not the photo's.
    if (path === "/prompt" && response.status === 400) throw new EngineError("failed", `ComfyUI did not take the workflow: ${validationMessage(detail)}`);
    throw failureFromStatus("ComfyUI", response.status, detail, parseRetryAfter(response.headers.get("retry-after")));
  }

  const request = async (path: string, signal: AbortSignal, init: RequestInit = {}) => check(path, await send(path, signal, init));

  async function json<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new EngineError("failed", `ComfyUI answered ${what} in an unexpected shape: ${parsed.error.message.slice(0, 300)}`);
    return parsed.data;
  }

  async function generate({ image, prompt, edit, creativity, seed, signal, onProgress }: EngineInput): Promise<EngineOutput> {
    signal.throwIfAborted();
    const fitted = await fitImage(image, { longSide: WORK_SIDE, multipleOf: 8, format: "png" });
    // The workflow the mode's module names (src/config/modes/): img2img, or inpainting inside the mask.
    const support = modeSupport(edit.mode, "comfyui");
    if (!support.ok || support.entry.workflow === "own") throw new EngineError("refused", `mode not supported: ${edit.mode}`);
    const masked = support.entry.workflow === "inpaint";
    if (masked && !edit.mask) throw new EngineError("refused", `${edit.mode} needs a mask`);
    // ComfyUI's LoadImage takes a transparent pixel as "edit here"; our mask is white = edit.
    const upload = masked ? await transparentEditImage({ image: fitted.data, mask: edit.mask! }) : fitted.data;
    const common = { prompt, seed, checkpoint: options.checkpoint, controlNet: options.controlNet };
    const result = await execute({
      upload,
      signal,
      onProgress,
      workflow: (photo) =>
        masked
          ? fillWorkflow(inpaintTemplate, { ...common, photo, denoise: COMFYUI_DENOISE.inpaint[creativity], size: fitted, checkpoint: options.inpaintCheckpoint ?? options.checkpoint })
          : fillWorkflow(restyleTemplate, { ...common, photo, denoise: COMFYUI_DENOISE.img2img[creativity], checkpoint: options.checkpoint }),
    });
    return { image: result };
  }

  async function upscale({ image, minLongSide, signal }: UpscaleInput): Promise<EngineOutput> {
    signal.throwIfAborted();
    const png = await sharp(image).png().toBuffer();
    const { width = 1, height = 1 } = await sharp(png).metadata();
    const factor = upscaleFactor(upscaleModel);
    // ImageScaleBy rounds width × scale_by: rounded up here so the long side reaches minLongSide.
    const scaleBy = Math.min(8, Math.max(0.01, Math.ceil((minLongSide / (Math.max(width, height) * factor)) * 10_000) / 10_000));
    const result = await execute({
      upload: png,
      signal,
      onProgress: () => undefined,
      workflow: (photo) => fillUpscale({ photo, model: upscaleModel, scaleBy }),
    });
    const meta = await sharp(result).metadata();
    if (Math.max(meta.width ?? 0, meta.height ?? 0) >= minLongSide) return { image: result };
    // The model enlarges less than its name said: the rest is resampled.
    log.warn("comfyui.upscale_short", { model: upscaleModel, width: meta.width, height: meta.height, minLongSide });
    const long = (meta.width ?? 0) >= (meta.height ?? 0) ? { width: minLongSide } : { height: minLongSide };
    return { image: await sharp(result).resize({ ...long, kernel: "lanczos3" }).png().toBuffer() };
  }

  /** Uploads the image, queues the workflow made for its name, waits for the run and fetches its image. */
  async function execute(run: { upload: Buffer; workflow: (photo: string) => Workflow; signal: AbortSignal; onProgress: (fraction: number) => void }): Promise<Buffer> {
    const { signal } = run;
    const clientId = randomUUID();
    // Chosen here, so that a prompt whose answer never came can still be found and cancelled. Older builds make
    // their own: the one that comes back is the one used from then on.
    const promptId = randomUUID();
    let events: Events | undefined;
    /** A prompt the server may hold and that has not ended: cancelled when this run is given up. */
    let unsettled: string | undefined;
    try {
      await requireNodes(run.workflow("check.png"));
      const form = new FormData();
      // Named by content: the styles of one batch share one upload (ComfyUI has no way to delete inputs).
      const name = `${createHash("sha256").update(run.upload).digest("hex").slice(0, 24)}.png`;
      form.append("image", new Blob([new Uint8Array(run.upload)], { type: "image/png" }), name);
      form.append("subfolder", "aranzer");
      form.append("overwrite", "true");
      const uploaded = await json(await request("/upload/image", signal, { method: "POST", body: form }), uploadedSchema, "the upload");
      const workflow = run.workflow(uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name);
      const sampler = Object.entries(workflow).find(([, node]) => node._meta?.title === "sampler")?.[0];

      // Connected before queueing, so that no event of the run is missed.
      events = await watchEvents(`${base.replace(/^http/, "ws")}/ws?clientId=${clientId}`, run.onProgress, sampler, timing.connectMs);
      unsettled = promptId;
      // Not cut short by the job's signal: a prompt the server took while we gave up would run with no one to cancel it.
      const answer = await send("/prompt", UNTIL_ANSWERED, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt: workflow, client_id: clientId, prompt_id: promptId }),
      });
      if (!answer.ok) unsettled = undefined; // refused: nothing was queued
      const queued = await json(await check("/prompt", answer), queuedSchema, "the queued prompt");
      unsettled = queued.prompt_id;
      signal.throwIfAborted();

      const done = await finished(queued.prompt_id, events, signal);
      unsettled = undefined;
      if (done.status?.status_str === "error") throw runFailure(queued.prompt_id, done.status.messages);
      const outputNode = Object.entries(workflow).find(([, node]) => node._meta?.title === "result")?.[0];
      const ref = (outputNode ? done.outputs[outputNode]?.images : Object.values(done.outputs).find((output) => output.images?.length)?.images)?.[0];
      if (!ref) throw new EngineError("failed", `ComfyUI run ${queued.prompt_id} ended without an image`);
      const view = await request(`/view?${new URLSearchParams({ filename: ref.filename, subfolder: ref.subfolder, type: ref.type })}`, signal);
      return await checkedImage("ComfyUI", Buffer.from(await view.arrayBuffer()));
    } catch (error) {
      if (unsettled) cancel(unsettled);
      throw signal.aborted ? signal.reason : error;
    } finally {
      events?.close();
    }
  }

  /** Waits for the run's entry in /history: asked after each websocket event that may end it, and every pollMs. */
  async function finished(promptId: string, events: Events, signal: AbortSignal) {
    for (;;) {
      await events.next(timing.pollMs, signal);
      const history = await json(await request(`/history/${encodeURIComponent(promptId)}`, signal), historySchema, "the history");
      // {} while it runs; an entry once it has ended (older builds give no status, only outputs).
      const run = history[promptId];
      if (run && (run.status || Object.keys(run.outputs).length)) return run;
    }
  }

  /**
   * Not awaited: the job has been given up already. Taken out of the queue if /queue lists it as pending,
   * interrupted only if it lists it as running: older builds stop whatever runs, whoever asks.
   */
  function cancel(promptId: string) {
    const signal = () => AbortSignal.timeout(timing.requestMs);
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: signal() }).then((response) => {
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      });
    const listed = async () => {
      const response = await fetch(`${base}/queue`, { signal: signal() });
      const queue = queueSchema.parse(await response.json());
      const has = (items: unknown[][]) => items.some((item) => item[1] === promptId);
      return has(queue.queue_running) ? "running" : has(queue.queue_pending) ? "pending" : "gone";
    };
    const work = async (): Promise<string> => {
      let state = await listed();
      if (state === "pending") {
        await post("/queue", { delete: [promptId] });
        // It may have started between the two requests.
        state = await listed();
        if (state !== "running") return "deleted";
      }
      if (state === "running") await post("/interrupt", { prompt_id: promptId });
      return state === "running" ? "interrupted" : "not-queued";
    };
    void work().then(
      (outcome) => log.info("comfyui.canceled", { promptId, outcome }),
      (error: unknown) => log.warn("comfyui.cancel_failed", { promptId, error }),
    );
  }

  // One GPU runs one prompt at a time: a second one queued keeps it busy while the first one's result travels.
  return { id: "comfyui", concurrency: 2, generate, upscale };
}

/** The template with this run's values set on the nodes found by title (and the server's own model files). */
function fillWorkflow(
  template: object,
  parts: { photo: string; prompt: string; seed: number; denoise: number; checkpoint?: string; controlNet?: string; size?: { width: number; height: number } },
): Workflow {
  const workflow = structuredClone(template) as Workflow;
  const node = titled(workflow);
  node("photo").inputs.image = parts.photo;
  node("prompt").inputs.text = parts.prompt;
  node("sampler").inputs.seed = parts.seed;
  node("sampler").inputs.denoise = parts.denoise;
  if (parts.size) Object.assign(node("no edges").inputs, { width: parts.size.width, height: parts.size.height });
  if (parts.checkpoint) node("checkpoint").inputs.ckpt_name = parts.checkpoint;
  if (parts.controlNet) node("controlnet").inputs.control_net_name = parts.controlNet;
  return workflow;
}

function fillUpscale(parts: { photo: string; model: string; scaleBy: number }): Workflow {
  const workflow = structuredClone(upscaleTemplate) as Workflow;
  const node = titled(workflow);
  node("photo").inputs.image = parts.photo;
  node("upscaler").inputs.model_name = parts.model;
  node("scale").inputs.scale_by = parts.scaleBy;
  return workflow;
}

function titled(workflow: Workflow) {
  return (title: string) => {
    const found = Object.values(workflow).find((candidate) => candidate._meta?.title === title);
    if (!found) throw new EngineError("failed", `The ComfyUI workflow has no node titled "${title}"`);
    return found;
  };
}

/** The nodes of `needed` the server lacks, each with what brings it when known. */
function lacking(needed: string[], nodes: Set<string>): string[] {
  return needed.filter((node) => !nodes.has(node)).map((node) => (NODE_NEEDS[node] ? `${node} (needs ${NODE_NEEDS[node]})` : node));
}

/** How much an upscale model enlarges, read from its file name as they are named (RealESRGAN_x2, 4x-UltraSharp); 2 when it does not say. */
export function upscaleFactor(model: string): number {
  const match = /(?:^|[^a-z0-9])(?:x([1-8])|([1-8])x)(?![0-9])/i.exec(model);
  return Number(match?.[1] ?? match?.[2] ?? 2);
}

/**
 * The reasons of a 400 from /prompt: the top-level error (an unknown node type is only there), then each
 * node's errors, whose details name the input and the value (the top-level details often say nothing).
 */
function validationMessage(body: string): string {
  const parsed = validationSchema.safeParse(safeJson(body));
  if (!parsed.success) return body.slice(0, 500);
  const { error, node_errors: nodeErrors } = parsed.data;
  const line = (message?: string, details?: string) => [message, details].filter(Boolean).join(": ");
  const top = typeof error === "string" ? error : line(error?.message, error?.details?.split("\n")[0]);
  const nodes = Array.isArray(nodeErrors)
    ? []
    : Object.entries(nodeErrors ?? {}).flatMap(([id, node]) => node.errors.map((reason) => `${node.class_type ?? "node"} #${id}: ${line(reason.message, reason.details)}`));
  return [top, ...nodes].filter(Boolean).join("; ").slice(0, 1000) || body.slice(0, 500);
}

function runFailure(promptId: string, messages: [string, unknown][]): EngineError {
  const error = messages.find(([type]) => type === "execution_error" || type === "execution_interrupted");
  const data = (error?.[1] ?? {}) as { exception_type?: string; exception_message?: string; node_type?: string };
  const what = error?.[0] === "execution_interrupted" ? "was interrupted" : `failed in ${data.node_type ?? "a node"}: ${data.exception_type ?? ""} ${data.exception_message ?? ""}`;
  const transient = error?.[0] === "execution_interrupted" || TRANSIENT_EXCEPTION.test(`${data.exception_type} ${data.exception_message}`);
  return new EngineError(transient ? "transient" : "failed", `ComfyUI run ${promptId} ${what.trim()}`);
}

type Events = {
  /** Resolves after an event that may end the run, or after `ms`. */
  next(ms: number, signal: AbortSignal): Promise<void>;
  close(): void;
};

/**
 * The server's websocket for our client id: it carries only our run's events (and status broadcasts). The
 * sampler's progress goes to onProgress; other nodes' bars (a tiled VAE decode, an upscaler's tiles) are not
 * the run's and would send it back to the start. Ends wake the wait. When it cannot be opened, the wait polls
 * alone and progress is coarse.
 */
async function watchEvents(url: string, onProgress: (fraction: number) => void, samplerNode: string | undefined, connectMs: number): Promise<Events> {
  let ended = false;
  let unseenEnd = false;
  let wake: (() => void) | undefined;
  const socket = new WebSocket(url);
  socket.on("error", () => undefined); // reported by once() below while connecting; afterwards polling covers it
  socket.on("message", (raw, binary) => {
    if (binary) return; // preview images
    const parsed = wsMessageSchema.safeParse(safeJson(raw.toString()));
    if (!parsed.success) return;
    const { type, data } = parsed.data;
    if (type === "execution_start") {
      onProgress(0.05);
    } else if (type === "progress" && typeof data.value === "number" && typeof data.max === "number" && data.max > 0) {
      // Builds from before progress named its node send none: theirs is counted as the sampler's.
      const node = data.node === undefined || data.node === null ? samplerNode : String(data.node);
      if (samplerNode !== undefined && node === samplerNode) onProgress(0.1 + (0.85 * data.value) / data.max);
    } else if (type === "execution_success" || type === "execution_error" || type === "execution_interrupted" || (type === "executing" && data.node === null)) {
      ended = unseenEnd = true;
      wake?.();
    }
  });
  try {
    await once(socket, "open", { signal: AbortSignal.timeout(connectMs) });
  } catch (error) {
    log.warn("comfyui.websocket_unavailable", { url, error });
    socket.terminate();
  }
  return {
    async next(ms, signal) {
      if (unseenEnd) {
        unseenEnd = false;
        return;
      }
      const early = new AbortController();
      wake = () => early.abort();
      // The end is sent just before the run's entry is written to /history: after it, ask again soon.
      await sleep(ended ? Math.min(ms, AFTER_END_MS) : ms, undefined, { signal: AbortSignal.any([signal, early.signal]) }).catch(() => signal.throwIfAborted());
      wake = undefined;
    },
    close() {
      socket.terminate();
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
