import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { WebSocketServer, type WebSocket } from "ws";
import { pngChunk } from "@/server/images/mark-digital-source";

/**
 * A local ComfyUI for the adapter's contract tests (ComfyUI's server routes), following ComfyUI's server.py and
 * execution.py:
 * - /upload/image (multipart); /prompt with an API-format workflow validated as the server validates it:
 *   an unknown class_type is a top-level `invalid_prompt` (400, node_errors {}); otherwise every node an output
 *   depends on is checked for required inputs, link types by output index, numbers against min/max and combos
 *   against their allowed values, and failures come back as 400 `prompt_outputs_failed_validation` with
 *   node_errors[id].errors[{type, message, details}];
 * - a client-chosen `prompt_id` is taken (older builds ignore it and make their own: `legacy`);
 * - one run at a time as on one GPU; GET /queue lists it under queue_running, the others under queue_pending;
 *   POST /queue {delete} takes pending ones out; POST /interrupt {prompt_id} stops only that prompt if it runs
 *   (older builds stop whatever runs);
 * - the websocket per client id (execution_start → executing(n) → progress… → executed → execution_success →
 *   executing(null), binary preview frames, optionally without the final executing), with progress from the
 *   sampler and, when asked, from a tiled VAE decode and from the upscaler's tiles, each naming its node;
 * - /history ({} while it runs; written just after execution_success), /view;
 * - /object_info: the node types it has (without `missingNodes`: a build without kornia lacks Canny, one
 *   without spandrel the upscale model nodes);
 * - an upscale model that is not in models/upscale_models passes /prompt (the loader's list is not checked
 *   there) and fails the run in UpscaleModelLoader with FileNotFoundError, as the real server does.
 * The images it makes: the loaded photo (without its alpha) with its hue turned, at the size the upscaler and
 * ImageScaleBy make of it; SaveImage writes the workflow into the PNG's `prompt` text chunk, as the real node does.
 */
export type ComfyUIScenario = {
  /** How long the sampler runs, in `steps` progress events. */
  runMs: number;
  steps: number;
  outcome: "success" | "error" | "out-of-memory" | "no-images";
  /** Newer builds may not send `executing` with node null at the end. */
  sendExecutingNull: boolean;
  /** false: the websocket upgrade is refused, so the client has to poll. */
  websocket: boolean;
  /** The VAE ran out of memory and decoded in tiles, with a progress bar of its own. */
  tiledDecode: boolean;
  /** An older build: ignores a client's prompt_id, and /interrupt stops whatever runs whatever it is told. */
  legacy: boolean;
};

type Node = { class_type: string; inputs: Record<string, unknown>; _meta?: { title?: string } };
type HistoryEntry = { prompt: unknown[]; outputs: Record<string, { images: { filename: string; subfolder: string; type: string }[] }>; status: { status_str: string; completed: boolean; messages: [string, unknown][] } };
type Run = { id: string; number: number; clientId: string; workflow: Record<string, Node>; scenario: ComfyUIScenario; interrupted: boolean; outputs: string[] };
type ValidationError = { type: string; message: string; details: string; extra_info: Record<string, unknown> };

/** An input as INPUT_TYPES declares it: a type (a link), a number with its range, or a combo with its values. */
type InputSpec = { type: string; min?: number; max?: number; optional?: boolean } | { combo: (fake: FakeComfyUI) => string[]; optional?: boolean };
type NodeSpec = {
  inputs: Record<string, InputSpec>;
  /** RETURN_TYPES: a link ["id", i] has the type at index i. */
  outputs: string[];
  output?: boolean;
  /** VALIDATE_INPUTS of nodes that have one (its inputs skip the range and combo checks). */
  validate?: (inputs: Record<string, unknown>, fake: FakeComfyUI) => Record<string, string | true>;
};

const SAMPLERS = ["euler", "euler_ancestral", "heun", "dpm_2", "dpm_2_ancestral", "lms", "dpmpp_2s_ancestral", "dpmpp_sde", "dpmpp_2m", "dpmpp_2m_sde", "ddim", "uni_pc"];
const SCHEDULERS = ["normal", "karras", "exponential", "sgm_uniform", "simple", "ddim_uniform", "beta"];
const FLOAT = (min: number, max: number) => ({ type: "FLOAT", min, max });

/** The built-in nodes the shipped workflows use, with the ranges of ComfyUI's nodes.py and comfy_extras. */
const NODES: Record<string, NodeSpec> = {
  LoadImage: {
    inputs: { image: { combo: (fake) => [...fake.uploads.keys()] } },
    outputs: ["IMAGE", "MASK"],
    validate: (inputs, fake) => ({ image: fake.uploads.has(String(inputs.image)) || `Invalid image file: ${String(inputs.image)}` }),
  },
  CheckpointLoaderSimple: { inputs: { ckpt_name: { combo: (fake) => fake.models.checkpoints } }, outputs: ["MODEL", "CLIP", "VAE"] },
  CLIPTextEncode: { inputs: { text: { type: "STRING" }, clip: { type: "CLIP" } }, outputs: ["CONDITIONING"] },
  ControlNetLoader: { inputs: { control_net_name: { combo: (fake) => fake.models.controlnet } }, outputs: ["CONTROL_NET"] },
  Canny: { inputs: { image: { type: "IMAGE" }, low_threshold: FLOAT(0.01, 0.99), high_threshold: FLOAT(0.01, 0.99) }, outputs: ["IMAGE"] },
  ControlNetApplyAdvanced: {
    inputs: {
      positive: { type: "CONDITIONING" },
      negative: { type: "CONDITIONING" },
      control_net: { type: "CONTROL_NET" },
      image: { type: "IMAGE" },
      strength: FLOAT(0, 10),
      start_percent: FLOAT(0, 1),
      end_percent: FLOAT(0, 1),
      vae: { type: "VAE", optional: true },
    },
    outputs: ["CONDITIONING", "CONDITIONING"],
  },
  VAEEncode: { inputs: { pixels: { type: "IMAGE" }, vae: { type: "VAE" } }, outputs: ["LATENT"] },
  SetLatentNoiseMask: { inputs: { samples: { type: "LATENT" }, mask: { type: "MASK" } }, outputs: ["LATENT"] },
  KSampler: {
    inputs: {
      model: { type: "MODEL" },
      seed: { type: "INT", min: 0, max: 0xffffffffffffffff },
      steps: { type: "INT", min: 1, max: 10000 },
      cfg: FLOAT(0, 100),
      sampler_name: { combo: () => SAMPLERS },
      scheduler: { combo: () => SCHEDULERS },
      positive: { type: "CONDITIONING" },
      negative: { type: "CONDITIONING" },
      latent_image: { type: "LATENT" },
      denoise: FLOAT(0, 1),
    },
    outputs: ["LATENT"],
  },
  VAEDecode: { inputs: { samples: { type: "LATENT" }, vae: { type: "VAE" } }, outputs: ["IMAGE"] },
  SaveImage: { inputs: { images: { type: "IMAGE" }, filename_prefix: { type: "STRING" } }, outputs: [], output: true },
  EmptyImage: { inputs: { width: { type: "INT", min: 1, max: 16384 }, height: { type: "INT", min: 1, max: 16384 }, batch_size: { type: "INT", min: 1, max: 4096 }, color: { type: "INT", min: 0, max: 0xffffff } }, outputs: ["IMAGE"] },
  ImageCompositeMasked: {
    inputs: {
      destination: { type: "IMAGE" },
      source: { type: "IMAGE" },
      x: { type: "INT", min: 0, max: 16384 },
      y: { type: "INT", min: 0, max: 16384 },
      resize_source: { type: "BOOLEAN" },
      mask: { type: "MASK", optional: true },
    },
    outputs: ["IMAGE"],
  },
  UpscaleModelLoader: { inputs: { model_name: { type: "STRING" } }, outputs: ["UPSCALE_MODEL"] },
  ImageUpscaleWithModel: { inputs: { upscale_model: { type: "UPSCALE_MODEL" }, image: { type: "IMAGE" } }, outputs: ["IMAGE"] },
  ImageScaleBy: {
    inputs: { image: { type: "IMAGE" }, upscale_method: { combo: () => ["nearest-exact", "bilinear", "area", "bicubic", "lanczos"] }, scale_by: FLOAT(0.01, 8) },
    outputs: ["IMAGE"],
  },
};

/** Python's str() of a list of strings, as the server writes it into value_not_in_list details. */
const pyList = (values: string[]) => `[${values.map((value) => `'${value}'`).join(", ")}]`;

export class FakeComfyUI {
  private server: Server | null = null;
  private sockets = new Map<string, WebSocket>();
  private wss = new WebSocketServer({ noServer: true });
  private queue: Run[] = [];
  private running: Run | null = null;
  private counter = 0;
  scenario: ComfyUIScenario = FakeComfyUI.defaults();
  /** The next `count` HTTP requests answer `status` (429 with Retry-After when given). */
  failNext: { count: number; status: number; retryAfter?: string } = { count: 0, status: 500 };
  /** The model files in its folders. */
  readonly models = {
    checkpoints: ["realisticVisionV60B1_v51VAE.safetensors", "dreamshaper_8.safetensors"],
    controlnet: ["control_v11p_sd15_canny.pth"],
    upscale_models: ["RealESRGAN_x2.pth", "RealESRGAN_x4plus.pth"],
  };
  /** How much each upscale model enlarges (as its name says unless changed). */
  readonly upscaleFactors: Record<string, number> = { "RealESRGAN_x2.pth": 2, "RealESRGAN_x4plus.pth": 4 };
  /** Node types this build lacks (an older ComfyUI). */
  readonly missingNodes = new Set<string>();
  readonly uploads = new Map<string, Buffer>();
  readonly outputs = new Map<string, Buffer>();
  readonly history = new Map<string, HistoryEntry>();
  readonly runs = new Map<string, Run>();
  readonly requests: { method: string; path: string; body?: unknown }[] = [];
  /** The runs /interrupt stopped. */
  readonly interrupted: string[] = [];
  /** Not in the API: how long the answer to /prompt takes after the run is queued (a slow network). */
  promptAnswerMs = 0;

  static defaults(): ComfyUIScenario {
    return { runMs: 60, steps: 4, outcome: "success", sendExecutingNull: true, websocket: true, tiledDecode: false, legacy: false };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res).catch((error: unknown) => this.send(res, 500, { error: String(error) })));
    this.server.on("upgrade", (req, socket, head) => {
      const url = new URL(req.url ?? "/", "http://fake");
      if (url.pathname !== "/ws" || !this.scenario.websocket) return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const clientId = url.searchParams.get("clientId") ?? randomUUID().replace(/-/g, "");
        this.sockets.set(clientId, ws);
        ws.on("close", () => this.sockets.delete(clientId));
        ws.send(JSON.stringify({ type: "status", data: { status: { exec_info: { queue_remaining: this.queue.length + (this.running ? 1 : 0) } }, sid: clientId } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    for (const ws of this.sockets.values()) ws.terminate();
    this.wss.close();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Nothing runs or waits. */
  get idle(): boolean {
    return !this.running && this.queue.length === 0;
  }

  /** Not in the API: empties the queue and stops the run, so that a test starts on an idle server. */
  async settle() {
    this.queue = [];
    if (this.running) this.running.interrupted = true;
    while (!this.idle) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Whether a run is waiting in the queue (not yet started). */
  isPending(id: string): boolean {
    return this.queue.some((run) => run.id === id);
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  private emit(run: Run, type: string, data: Record<string, unknown>) {
    this.sockets.get(run.clientId)?.send(JSON.stringify({ type, data: { ...data, prompt_id: run.id } }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://fake");
    // Every route is also served under /api.
    const path = url.pathname.replace(/^\/api(?=\/)/, "");
    const json = () => JSON.parse(body.toString() || "{}") as Record<string, unknown>;
    this.requests.push({ method: req.method ?? "GET", path, body: req.headers["content-type"] === "application/json" ? json() : undefined });
    if (this.failNext.count > 0) {
      this.failNext.count--;
      const { status, retryAfter } = this.failNext;
      return this.send(res, status, { error: status === 429 ? "Too Many Requests" : "Internal Server Error" }, retryAfter ? { "retry-after": retryAfter } : {});
    }

    if (req.method === "POST" && path === "/upload/image") {
      const form = await new Request("http://fake/upload/image", { method: "POST", headers: { "content-type": String(req.headers["content-type"]) }, body }).formData();
      const image = form.get("image");
      if (!(image instanceof File)) return res.writeHead(400).end();
      const subfolder = String(form.get("subfolder") ?? "");
      this.uploads.set(subfolder ? `${subfolder}/${image.name}` : image.name, Buffer.from(await image.arrayBuffer()));
      return this.send(res, 200, { name: image.name, subfolder, type: "input" });
    }
    if (req.method === "POST" && path === "/prompt") return this.queuePrompt(res, json());
    const history = path.match(/^\/history\/(.+)$/);
    if (req.method === "GET" && history) {
      const entry = this.history.get(decodeURIComponent(history[1]!));
      return this.send(res, 200, entry ? { [decodeURIComponent(history[1]!)]: entry } : {});
    }
    if (req.method === "GET" && path === "/view") {
      const file = this.outputs.get(`${url.searchParams.get("subfolder") ?? ""}/${url.searchParams.get("filename")}`);
      if (!file || url.searchParams.get("type") !== "output") return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(file);
    }
    if (req.method === "GET" && path === "/object_info") {
      const present = Object.entries(NODES).filter(([name]) => !this.missingNodes.has(name));
      return this.send(res, 200, Object.fromEntries(present.map(([name, spec]) => [name, { name, output: spec.outputs, output_node: spec.output ?? false }])));
    }
    if (req.method === "GET" && path === "/queue") {
      // Queue items are (number, prompt_id, prompt, extra_data, outputs_to_execute).
      const item = (run: Run) => [run.number, run.id, run.workflow, { client_id: run.clientId }, run.outputs];
      return this.send(res, 200, { queue_running: this.running ? [item(this.running)] : [], queue_pending: this.queue.map(item) });
    }
    if (req.method === "POST" && path === "/queue") {
      const { delete: ids, clear } = json() as { delete?: string[]; clear?: boolean };
      this.queue = clear ? [] : this.queue.filter((run) => !ids?.includes(run.id));
      return res.writeHead(200).end();
    }
    if (req.method === "POST" && path === "/interrupt") {
      const { prompt_id: id } = json() as { prompt_id?: string };
      // Newer builds skip a prompt_id that is not the running one; older ones read no body.
      if (this.running && (this.scenario.legacy || !id || this.running.id === id)) {
        this.running.interrupted = true;
        this.interrupted.push(this.running.id);
      }
      return res.writeHead(200).end();
    }
    return res.writeHead(404).end();
  }

  private async queuePrompt(res: ServerResponse, body: Record<string, unknown>) {
    const workflow = body.prompt as Record<string, Node> | undefined;
    if (!workflow || typeof workflow !== "object") {
      return this.send(res, 400, { error: { type: "no_prompt", message: "No prompt provided", details: "No prompt provided", extra_info: {} }, node_errors: {} });
    }
    const id = !this.scenario.legacy && body.prompt_id !== undefined ? String(body.prompt_id) : randomUUID();
    const checked = this.validate(workflow);
    if ("error" in checked) return this.send(res, 400, checked);
    const run: Run = { id, number: this.counter++, clientId: String(body.client_id ?? ""), workflow, scenario: { ...this.scenario }, interrupted: false, outputs: checked.outputs };
    this.runs.set(run.id, run);
    this.queue.push(run);
    void this.work();
    if (this.promptAnswerMs) await new Promise((resolve) => setTimeout(resolve, this.promptAnswerMs));
    this.send(res, 200, { prompt_id: run.id, number: run.number, node_errors: {} });
  }

  /** execution.validate_prompt: the node types first, then everything each output node depends on. */
  private validate(prompt: Record<string, Node>): { outputs: string[] } | { error: ValidationError; node_errors: Record<string, unknown> } {
    const topLevel = (type: string, message: string, details: string) => ({ error: { type, message, details, extra_info: {} }, node_errors: {} });
    const outputs: string[] = [];
    for (const [id, node] of Object.entries(prompt)) {
      if (!node || typeof node !== "object" || !("class_type" in node)) {
        return topLevel("invalid_prompt", "Cannot execute because a node is missing the class_type property.", `Node ID '#${id}'`);
      }
      const spec = this.missingNodes.has(node.class_type) ? undefined : NODES[node.class_type];
      if (!spec) return topLevel("invalid_prompt", `Cannot execute because node ${node.class_type} does not exist.`, `Node ID '#${id}'`);
      if (spec.output) outputs.push(id);
    }
    if (!outputs.length) return topLevel("prompt_no_outputs", "Prompt has no outputs", "");

    const validated = new Map<string, { valid: boolean; errors: ValidationError[] }>();
    const validateInputs = (id: string): boolean => {
      const known = validated.get(id);
      if (known) return known.valid;
      const node = prompt[id]!;
      const spec = NODES[node.class_type]!;
      const inputs = node.inputs ?? {};
      const errors: ValidationError[] = [];
      let valid = true;
      const custom = spec.validate?.(inputs, this) ?? {};
      for (const [name, input] of Object.entries(spec.inputs)) {
        const value = inputs[name];
        const fail = (type: string, message: string, details: string) => errors.push({ type, message, details, extra_info: { input_name: name } });
        if (value === undefined) {
          if (!input.optional) fail("required_input_missing", "Required input is missing", name);
          continue;
        }
        if (Array.isArray(value)) {
          if (value.length !== 2) {
            fail("bad_linked_input", "Bad linked input, must be a length-2 list of [node_id, slot_index]", name);
            continue;
          }
          const source = prompt[String(value[0])];
          // The server indexes the prompt and RETURN_TYPES directly: a missing node or slot raises.
          if (!source) throw new Error(`'${String(value[0])}'`);
          const received = NODES[source.class_type]!.outputs[Number(value[1])];
          if (received === undefined) throw new Error("tuple index out of range");
          const expected = "type" in input ? input.type : "COMBO";
          if (received !== expected) {
            fail("return_type_mismatch", "Return type mismatch between linked nodes", `${name}, ${received} != ${expected}`);
            continue;
          }
          if (!validateInputs(String(value[0]))) valid = false;
          continue;
        }
        if (name in custom) continue;
        if ("combo" in input) {
          const allowed = input.combo(this);
          if (!allowed.includes(String(value))) fail("value_not_in_list", "Value not in list", `${name}: '${String(value)}' not in ${pyList(allowed)}`);
          continue;
        }
        if (input.type === "INT" || input.type === "FLOAT") {
          const number = Number(value);
          if (typeof value === "boolean" || Number.isNaN(number) || (input.type === "INT" && !Number.isInteger(number))) {
            fail("invalid_input_type", `Failed to convert an input value to a ${input.type} value`, `${name}, ${String(value)}, invalid literal`);
          } else if (input.min !== undefined && number < input.min) {
            fail("value_smaller_than_min", `Value ${number} smaller than min of ${input.min}`, name);
          } else if (input.max !== undefined && number > input.max) {
            fail("value_bigger_than_max", `Value ${number} bigger than max of ${input.max}`, name);
          }
        }
      }
      for (const [name, result] of Object.entries(custom)) {
        if (result !== true) errors.push({ type: "custom_validation_failed", message: "Custom validation failed for node", details: `${name} - ${result}`, extra_info: { input_name: name } });
      }
      valid &&= errors.length === 0;
      validated.set(id, { valid, errors });
      return valid;
    };

    const good: string[] = [];
    const failures: ValidationError[] = [];
    const nodeErrors: Record<string, { errors: ValidationError[]; dependent_outputs: string[]; class_type: string }> = {};
    for (const output of outputs) {
      let valid: boolean;
      try {
        valid = validateInputs(output);
      } catch (error) {
        valid = false;
        validated.set(output, { valid, errors: [{ type: "exception_during_validation", message: "Exception when validating node", details: (error as Error).message, extra_info: {} }] });
      }
      if (valid) {
        good.push(output);
        continue;
      }
      failures.push(...validated.get(output)!.errors);
      // Nodes downstream of an invalid one are invalid without reasons of their own: only those with reasons are reported.
      for (const [id, result] of validated) {
        if (result.valid || !result.errors.length) continue;
        nodeErrors[id] ??= { errors: result.errors, dependent_outputs: [], class_type: prompt[id]!.class_type };
        nodeErrors[id].dependent_outputs.push(output);
      }
    }
    if (!good.length) {
      // Its details name only the output nodes' own reasons (often none): the rest is in node_errors.
      const details = failures.map((error) => `${error.message}: ${error.details}`).join("\n");
      return { error: { type: "prompt_outputs_failed_validation", message: "Prompt outputs failed validation", details, extra_info: {} }, node_errors: nodeErrors };
    }
    return { outputs: good };
  }

  /** One run at a time, in queue order, as one GPU does. */
  private async work() {
    if (this.running) return;
    const run = this.queue.shift();
    if (!run) return;
    this.running = run;
    try {
      await this.execute(run);
    } finally {
      this.running = null;
      void this.work();
    }
  }

  /** Progress events of one node, `count` of them over `ms`; stops early when interrupted. */
  private async progress(run: Run, node: string, count: number, ms: number) {
    for (let step = 1; step <= count && !run.interrupted; step++) {
      await new Promise((resolve) => setTimeout(resolve, ms / count));
      this.emit(run, "progress", { value: step, max: count, node });
    }
  }

  /** The IMAGE a node's output makes (the one the SaveImage nodes need), its size as the real nodes make it. */
  private async image(workflow: Record<string, Node>, link: unknown): Promise<Buffer> {
    const [id] = link as [string, number];
    const node = workflow[id]!;
    const from = (name: string) => this.image(workflow, node.inputs[name]);
    switch (node.class_type) {
      case "LoadImage":
        // Its IMAGE is the RGB of the file; the alpha becomes the MASK.
        return sharp(this.uploads.get(String(node.inputs.image))!).removeAlpha().png().toBuffer();
      case "VAEDecode": {
        // What the sampler "made": the photo it started from, its hue turned.
        const photo = Object.values(workflow).find((candidate) => candidate.class_type === "LoadImage")!;
        return sharp(this.uploads.get(String(photo.inputs.image))!).removeAlpha().modulate({ hue: 60 }).png().toBuffer();
      }
      case "ImageUpscaleWithModel": {
        const model = workflow[String((node.inputs.upscale_model as [string, number])[0])]!.inputs.model_name;
        const factor = this.upscaleFactors[String(model)] ?? 4;
        const input = await from("image");
        const { width = 0, height = 0 } = await sharp(input).metadata();
        return sharp(input).resize(width * factor, height * factor).png().toBuffer();
      }
      case "ImageScaleBy": {
        const input = await from("image");
        const { width = 0, height = 0 } = await sharp(input).metadata();
        const scale = Number(node.inputs.scale_by);
        return sharp(input).resize(Math.round(width * scale), Math.round(height * scale), { fit: "fill" }).png().toBuffer();
      }
      default:
        return from("image");
    }
  }

  private async execute(run: Run) {
    const { scenario, workflow } = run;
    const messages: [string, unknown][] = [["execution_start", { prompt_id: run.id, timestamp: Date.now() }]];
    this.emit(run, "execution_start", { timestamp: Date.now() });
    this.emit(run, "execution_cached", { nodes: [] });
    let failed: [string, Record<string, unknown>] | null = null;
    const outputs: HistoryEntry["outputs"] = {};
    for (const [id, node] of Object.entries(workflow)) {
      this.emit(run, "executing", { node: id, display_node: id });
      if (node.class_type === "UpscaleModelLoader" && !this.models.upscale_models.includes(String(node.inputs.model_name))) {
        const exception = { exception_type: "FileNotFoundError", exception_message: `Model in folder 'upscale_models' with filename '${String(node.inputs.model_name)}' not found.` };
        failed = ["execution_error", { prompt_id: run.id, node_id: id, node_type: node.class_type, ...exception, traceback: [] }];
        break;
      }
      if (node.class_type === "KSampler" || node.class_type === "ImageUpscaleWithModel") {
        if (node.class_type === "KSampler") {
          await this.progress(run, id, scenario.steps, scenario.runMs);
          // A binary preview frame: event type 1, JPEG (1), then the bytes.
          this.sockets.get(run.clientId)?.send(Buffer.concat([Buffer.from([0, 0, 0, 1, 0, 0, 0, 1]), Buffer.from("jpeg")]));
        } else {
          await this.progress(run, id, 3, 15); // the upscaler's tiles
        }
        if (run.interrupted) {
          failed = ["execution_interrupted", { prompt_id: run.id, node_id: id, node_type: node.class_type, executed: [] }];
          break;
        }
        if (scenario.outcome === "error" || scenario.outcome === "out-of-memory") {
          const oom = scenario.outcome === "out-of-memory";
          failed = [
            "execution_error",
            {
              prompt_id: run.id,
              node_id: id,
              node_type: node.class_type,
              exception_type: oom ? "torch.OutOfMemoryError" : "RuntimeError",
              exception_message: oom ? "Allocation on device" : "mat1 and mat2 shapes cannot be multiplied",
              traceback: [],
            },
          ];
          break;
        }
      }
      // Out of memory in VAEDecode, ComfyUI retries with tiled decoding, which has a progress bar of its own.
      if (node.class_type === "VAEDecode" && scenario.tiledDecode) await this.progress(run, id, 2, 10);
      if (node.class_type === "SaveImage" && scenario.outcome !== "no-images") {
        const filename = `${node.inputs.filename_prefix}_${String(run.number).padStart(5, "0")}_.png`;
        this.outputs.set(`/${filename}`, withPromptChunk(await this.image(workflow, node.inputs.images), workflow));
        outputs[id] = { images: [{ filename, subfolder: "", type: "output" }] };
        this.emit(run, "executed", { node: id, display_node: id, output: outputs[id] });
      }
    }
    if (failed) {
      this.emit(run, failed[0], failed[1]);
      messages.push(failed);
    } else {
      this.emit(run, "execution_success", { timestamp: Date.now() });
      messages.push(["execution_success", { prompt_id: run.id, timestamp: Date.now() }]);
    }
    // The history entry is written after the run's last event, as ComfyUI's prompt worker does.
    await new Promise((resolve) => setTimeout(resolve, 20));
    this.history.set(run.id, { prompt: [run.number, run.id, workflow, {}, run.outputs], outputs, status: { status_str: failed ? "error" : "success", completed: !failed, messages } });
    if (scenario.sendExecutingNull) this.emit(run, "executing", { node: null });
  }
}

/** The PNG with the workflow in a `prompt` tEXt chunk before its image data, as SaveImage's PngInfo writes it. */
function withPromptChunk(png: Buffer, workflow: Record<string, Node>): Buffer {
  const idat = png.indexOf("IDAT", 8, "latin1") - 4;
  const text = pngChunk("tEXt", Buffer.concat([Buffer.from("prompt\0", "latin1"), Buffer.from(JSON.stringify(workflow), "latin1")]));
  return Buffer.concat([png.subarray(0, idat), text, png.subarray(idat)]);
}
