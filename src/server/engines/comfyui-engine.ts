import "server-only";
import { createHash, randomInt, randomUUID } from "node:crypto";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import WebSocket from "ws";
import { z } from "zod";
import { log } from "@/server/log";
import { EngineError, type Engine, type EngineInput, type EngineOutput } from "./engine";
import { UNTIL_ANSWERED, failureFromError, failureFromStatus, parseRetryAfter, withTimeout } from "./provider-http";
import { checkedImage, fitImage } from "./provider-image";
import template from "./comfyui/workflow.json";

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
  controlNet?: string;
  timing?: Partial<ComfyUITiming>;
};

/** Stable Diffusion 1.5 works best at 512–768 px; its latent has 8-pixel cells. */
const WORK_SIDE = 768;

type Workflow = Record<string, { class_type: string; inputs: Record<string, unknown>; _meta?: { title?: string } }>;

const queuedSchema = z.object({ prompt_id: z.string().min(1) });
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
 * A self-hosted ComfyUI: the photo uploaded through /upload/image, the workflow template of this folder
 * (img2img from the photo, held to its edges by a Canny ControlNet, so walls, windows and doors stay where they
 * are) queued through /prompt, progress from the server's websocket, the result from /history and /view.
 * /history is the truth: the websocket only reports progress and wakes the wait early, since some builds do not
 * send the end of a run and a websocket may drop.
 */
export function createComfyUIEngine(options: ComfyUIEngineOptions): Engine {
  const base = options.url.replace(/\/$/, "");
  const timing = { ...TIMING, ...options.timing };

  async function request(path: string, signal: AbortSignal, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: withTimeout(signal, timing.requestMs) });
    } catch (error) {
      throw failureFromError("ComfyUI", error, signal);
    }
    if (response.ok) return response;
    const detail = await response.text().catch(() => "");
    // Its 400 for /prompt means the workflow does not fit this server (a model file it lacks): ours to mend, not the photo's.
    if (path === "/prompt" && response.status === 400) throw new EngineError("failed", `ComfyUI did not take the workflow: ${detail.slice(0, 500)}`);
    throw failureFromStatus("ComfyUI", response.status, detail, parseRetryAfter(response.headers.get("retry-after")));
  }

  async function json<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new EngineError("failed", `ComfyUI answered ${what} in an unexpected shape: ${parsed.error.message.slice(0, 300)}`);
    return parsed.data;
  }

  async function generate({ image, prompt, signal, onProgress }: EngineInput): Promise<EngineOutput> {
    signal.throwIfAborted();
    const clientId = randomUUID();
    const photo = await fitImage(image, { longSide: WORK_SIDE, multipleOf: 8, format: "png" });
    // Connected before queueing, so that no event of the run is missed.
    const events = await watchEvents(`${base.replace(/^http/, "ws")}/ws?clientId=${clientId}`, onProgress, timing.connectMs);
    let promptId: string | undefined;
    try {
      const form = new FormData();
      // Named by content: the styles of one batch share one upload (ComfyUI has no way to delete inputs).
      const name = `${createHash("sha256").update(photo.data).digest("hex").slice(0, 24)}.png`;
      form.append("image", new Blob([new Uint8Array(photo.data)], { type: photo.contentType }), name);
      form.append("subfolder", "aranzer");
      form.append("overwrite", "true");
      const uploaded = await json(await request("/upload/image", signal, { method: "POST", body: form }), uploadedSchema, "the upload");

      const workflow = fillWorkflow({
        photo: uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name,
        prompt,
        seed: randomInt(2 ** 47),
        checkpoint: options.checkpoint,
        controlNet: options.controlNet,
      });
      // Not cut short by the job's signal: a prompt the server took while we gave up would run with no one to cancel it.
      const queued = await json(
        await request("/prompt", UNTIL_ANSWERED, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ prompt: workflow, client_id: clientId }) }),
        queuedSchema,
        "the queued prompt",
      );
      promptId = queued.prompt_id;
      signal.throwIfAborted();

      const run = await finished(promptId, events, signal);
      if (run.status?.status_str === "error") throw runFailure(promptId, run.status.messages);
      const outputNode = Object.entries(workflow).find(([, node]) => node._meta?.title === "result")?.[0];
      const ref = (outputNode ? run.outputs[outputNode]?.images : Object.values(run.outputs).find((output) => output.images?.length)?.images)?.[0];
      if (!ref) throw new EngineError("failed", `ComfyUI run ${promptId} ended without an image`);
      const view = await request(`/view?${new URLSearchParams({ filename: ref.filename, subfolder: ref.subfolder, type: ref.type })}`, signal);
      return { image: await checkedImage("ComfyUI", Buffer.from(await view.arrayBuffer())) };
    } catch (error) {
      if (signal.aborted && promptId) cancel(promptId, events.started);
      throw signal.aborted ? signal.reason : error;
    } finally {
      events.close();
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

  /** Not awaited: the job has been given up already. Out of the queue if it waits there, interrupted if it runs. */
  function cancel(promptId: string, started: boolean) {
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(timing.requestMs) });
    // Servers that read the prompt_id interrupt only this run; older ones interrupt whatever runs, which is this one.
    void post("/queue", { delete: [promptId] })
      .then(() => (started ? post("/interrupt", { prompt_id: promptId }) : undefined))
      .then(
        () => log.info("comfyui.canceled", { promptId, started }),
        (error: unknown) => log.warn("comfyui.cancel_failed", { promptId, error }),
      );
  }

  // One GPU runs one prompt at a time: a second one queued keeps it busy while the first one's result travels.
  return { id: "comfyui", concurrency: 2, generate };
}

/** The template with this run's photo, prompt and seed (and the server's own model files), found by node title. */
function fillWorkflow(parts: { photo: string; prompt: string; seed: number; checkpoint?: string; controlNet?: string }): Workflow {
  const workflow = structuredClone(template) as Workflow;
  const node = (title: string) => {
    const found = Object.values(workflow).find((candidate) => candidate._meta?.title === title);
    if (!found) throw new EngineError("failed", `The ComfyUI workflow has no node titled "${title}"`);
    return found;
  };
  node("photo").inputs.image = parts.photo;
  node("prompt").inputs.text = parts.prompt;
  node("sampler").inputs.seed = parts.seed;
  if (parts.checkpoint) node("checkpoint").inputs.ckpt_name = parts.checkpoint;
  if (parts.controlNet) node("controlnet").inputs.control_net_name = parts.controlNet;
  return workflow;
}

function runFailure(promptId: string, messages: [string, unknown][]): EngineError {
  const error = messages.find(([type]) => type === "execution_error" || type === "execution_interrupted");
  const data = (error?.[1] ?? {}) as { exception_type?: string; exception_message?: string; node_type?: string };
  const what = error?.[0] === "execution_interrupted" ? "was interrupted" : `failed in ${data.node_type ?? "a node"}: ${data.exception_type ?? ""} ${data.exception_message ?? ""}`;
  const transient = error?.[0] === "execution_interrupted" || TRANSIENT_EXCEPTION.test(`${data.exception_type} ${data.exception_message}`);
  return new EngineError(transient ? "transient" : "failed", `ComfyUI run ${promptId} ${what.trim()}`);
}

type Events = {
  /** Whether the run has started executing (it has left the queue). */
  readonly started: boolean;
  /** Resolves after an event that may end the run, or after `ms`. */
  next(ms: number, signal: AbortSignal): Promise<void>;
  close(): void;
};

/**
 * The server's websocket for our client id: it carries only our run's events (and status broadcasts). Progress
 * goes to onProgress; ends wake the wait. When it cannot be opened, the wait polls alone and progress is coarse.
 */
async function watchEvents(url: string, onProgress: (fraction: number) => void, connectMs: number): Promise<Events> {
  let ended = false;
  let unseenEnd = false;
  let started = false;
  let wake: (() => void) | undefined;
  const socket = new WebSocket(url);
  socket.on("error", () => undefined); // reported by once() below while connecting; afterwards polling covers it
  socket.on("message", (raw, binary) => {
    if (binary) return; // preview images
    const parsed = wsMessageSchema.safeParse(safeJson(raw.toString()));
    if (!parsed.success) return;
    const { type, data } = parsed.data;
    if (type === "execution_start") {
      started = true;
      onProgress(0.05);
    } else if (type === "progress" && typeof data.value === "number" && typeof data.max === "number" && data.max > 0) {
      onProgress(0.1 + (0.85 * data.value) / data.max);
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
    get started() {
      return started;
    },
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
