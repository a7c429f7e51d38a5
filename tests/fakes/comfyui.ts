import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { WebSocketServer, type WebSocket } from "ws";

/**
 * A local ComfyUI for the adapter's contract tests (apis.md §4, §7): /upload/image (multipart), /prompt with an
 * API-format workflow checked node by node (400 with node_errors, as for a model file the server lacks),
 * one run at a time as on one GPU, the websocket per client id (execution_start → executing(n) → progress… →
 * executed → execution_success → executing(null), binary preview frames, optionally without the final
 * executing), /history ({} while it runs; written just after execution_success), /view, /queue delete and
 * /interrupt by prompt_id.
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
};

type Node = { class_type: string; inputs: Record<string, unknown>; _meta?: { title?: string } };
type HistoryEntry = { prompt: unknown[]; outputs: Record<string, { images: { filename: string; subfolder: string; type: string }[] }>; status: { status_str: string; completed: boolean; messages: [string, unknown][] } };
type Run = { id: string; number: number; clientId: string; workflow: Record<string, Node>; scenario: ComfyUIScenario; interrupted: boolean };

/** The node types the template uses, with their required inputs. */
const NODE_INPUTS: Record<string, string[]> = {
  LoadImage: ["image"],
  CheckpointLoaderSimple: ["ckpt_name"],
  CLIPTextEncode: ["text", "clip"],
  ControlNetLoader: ["control_net_name"],
  Canny: ["image", "low_threshold", "high_threshold"],
  ControlNetApplyAdvanced: ["positive", "negative", "control_net", "image", "strength", "start_percent", "end_percent"],
  VAEEncode: ["pixels", "vae"],
  KSampler: ["model", "positive", "negative", "latent_image", "seed", "steps", "cfg", "sampler_name", "scheduler", "denoise"],
  VAEDecode: ["samples", "vae"],
  SaveImage: ["images", "filename_prefix"],
};

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
  readonly models = { checkpoints: ["realisticVisionV60B1_v51VAE.safetensors", "dreamshaper_8.safetensors"], controlnet: ["control_v11p_sd15_canny.pth"] };
  readonly uploads = new Map<string, Buffer>();
  readonly outputs = new Map<string, Buffer>();
  readonly history = new Map<string, HistoryEntry>();
  readonly runs = new Map<string, Run>();
  readonly requests: { method: string; path: string; body?: unknown }[] = [];
  readonly interrupted: string[] = [];
  /** Not in the API: how long the answer to /prompt takes after the run is queued (a slow network). */
  promptAnswerMs = 0;

  static defaults(): ComfyUIScenario {
    return { runMs: 60, steps: 4, outcome: "success", sendExecutingNull: true, websocket: true };
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
    if (req.method === "POST" && path === "/queue") {
      const { delete: ids } = json() as { delete?: string[] };
      this.queue = this.queue.filter((run) => !ids?.includes(run.id));
      return res.writeHead(200).end();
    }
    if (req.method === "POST" && path === "/interrupt") {
      const { prompt_id: id } = json() as { prompt_id?: string };
      if (this.running && (!id || this.running.id === id)) {
        this.running.interrupted = true;
        this.interrupted.push(this.running.id);
      }
      return res.writeHead(200).end();
    }
    return res.writeHead(404).end();
  }

  private async queuePrompt(res: ServerResponse, body: Record<string, unknown>) {
    const workflow = body.prompt as Record<string, Node> | undefined;
    if (!workflow || typeof workflow !== "object") return this.send(res, 400, { error: { type: "no_prompt", message: "No prompt provided", details: "", extra_info: {} }, node_errors: {} });
    const nodeErrors: Record<string, unknown> = {};
    for (const [id, node] of Object.entries(workflow)) {
      const errors: { type: string; message: string; details: string }[] = [];
      const required = NODE_INPUTS[node.class_type];
      if (!required) errors.push({ type: "invalid_prompt", message: `Cannot execute because node ${node.class_type} does not exist.`, details: "" });
      for (const input of required ?? []) {
        const value = node.inputs?.[input];
        if (value === undefined) errors.push({ type: "required_input_missing", message: "Required input is missing", details: input });
        if (Array.isArray(value) && !workflow[String(value[0])]) errors.push({ type: "bad_linked_input", message: "Bad linked input", details: `${input} links to a missing node` });
      }
      const notIn = (value: unknown, list: string[], name: string) =>
        typeof value === "string" && !list.includes(value) && errors.push({ type: "value_not_in_list", message: "Value not in list", details: `${name}: '${value}' not in ${JSON.stringify(list)}` });
      if (node.class_type === "LoadImage") notIn(node.inputs.image, [...this.uploads.keys()], "image");
      if (node.class_type === "CheckpointLoaderSimple") notIn(node.inputs.ckpt_name, this.models.checkpoints, "ckpt_name");
      if (node.class_type === "ControlNetLoader") notIn(node.inputs.control_net_name, this.models.controlnet, "control_net_name");
      if (errors.length) nodeErrors[id] = { errors, dependent_outputs: [], class_type: node.class_type };
    }
    if (Object.keys(nodeErrors).length) {
      return this.send(res, 400, { error: { type: "prompt_outputs_failed_validation", message: "Prompt outputs failed validation", details: "", extra_info: {} }, node_errors: nodeErrors });
    }
    const run: Run = { id: randomUUID(), number: this.counter++, clientId: String(body.client_id ?? ""), workflow, scenario: { ...this.scenario }, interrupted: false };
    this.runs.set(run.id, run);
    this.queue.push(run);
    void this.work();
    if (this.promptAnswerMs) await new Promise((resolve) => setTimeout(resolve, this.promptAnswerMs));
    this.send(res, 200, { prompt_id: run.id, number: run.number, node_errors: {} });
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

  private async execute(run: Run) {
    const { scenario, workflow } = run;
    const messages: [string, unknown][] = [["execution_start", { prompt_id: run.id, timestamp: Date.now() }]];
    this.emit(run, "execution_start", { timestamp: Date.now() });
    this.emit(run, "execution_cached", { nodes: [] });
    let failed: [string, Record<string, unknown>] | null = null;
    const outputs: HistoryEntry["outputs"] = {};
    for (const [id, node] of Object.entries(workflow)) {
      this.emit(run, "executing", { node: id, display_node: id });
      if (node.class_type === "KSampler") {
        for (let step = 1; step <= scenario.steps && !run.interrupted; step++) {
          await new Promise((resolve) => setTimeout(resolve, scenario.runMs / scenario.steps));
          this.emit(run, "progress", { value: step, max: scenario.steps, node: id });
          // A binary preview frame: event type 1, JPEG (1), then the bytes.
          this.sockets.get(run.clientId)?.send(Buffer.concat([Buffer.from([0, 0, 0, 1, 0, 0, 0, 1]), Buffer.from("jpeg")]));
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
      if (node.class_type === "SaveImage" && scenario.outcome !== "no-images") {
        const photo = this.uploads.get(String(workflow[Object.keys(workflow).find((key) => workflow[key]!.class_type === "LoadImage")!]!.inputs.image))!;
        const filename = `${node.inputs.filename_prefix}_${String(run.number).padStart(5, "0")}_.png`;
        this.outputs.set(`/${filename}`, await sharp(photo).modulate({ hue: 60 }).png().toBuffer());
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
    this.history.set(run.id, { prompt: [run.number, run.id, workflow, {}, []], outputs, status: { status_str: failed ? "error" : "success", completed: !failed, messages } });
    if (scenario.sendExecutingNull) this.emit(run, "executing", { node: null });
  }
}
