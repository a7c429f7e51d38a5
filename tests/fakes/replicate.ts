import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A local Replicate for the adapter's contract tests (Replicate's HTTP API docs and the replicate 1.4.0 client): predictions created by version or on
 * the models endpoint, with the input checked against the model's schema (required, unknown, types, ranges and
 * allowed values; a mask of the image's size), an upscaler that runs out of memory on large inputs; statuses
 * starting → processing → succeeded | failed | canceled | aborted, tqdm lines in the logs; outputs as URLs or
 * data URIs, removed after a TTL (data_removed); the Files API; cancel; 429 with Retry-After and
 * problem+json errors; webhooks signed as Replicate signs them (Standard Webhooks, a whsec_ key).
 */
type Status = "starting" | "processing" | "succeeded" | "failed" | "canceled" | "aborted";

export type ReplicateScenario = {
  /** How long a prediction waits for a worker, then runs. */
  startingMs: number;
  processingMs: number;
  /** Prints tqdm progress lines into the logs while it runs, as diffusers does. */
  progressLogs: boolean;
  outcome: "succeeded" | "failed" | "canceled" | "aborted";
  /** The error of a failed prediction. */
  error: string;
  /** The output of a succeeded one: an image URL, a data URI, [control map, image], or malformed: nothing or not an image. */
  output: "url" | "data-uri" | "list" | "none" | "not-an-image";
};

type FakePrediction = {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  status: Status;
  output: unknown;
  error: string | null;
  logs: string;
  data_removed: boolean;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  webhook: string | null;
  webhook_events_filter: string[] | null;
  urls: { get: string; cancel: string; web: string };
  /** Not in the API: its scenario, and when it started running (for the logs' progress). */
  hidden: { scenario: ReplicateScenario; runningSince?: number };
};

type Field = { type: "string" | "uri" | "uri[]" | "integer" | "number" | "boolean"; min?: number; max?: number; values?: readonly (string | number)[] };
type ModelSchema = {
  version?: string;
  required: string[];
  /** The input with the photo (a list for some models); the mask's, which must be of the photo's size. */
  imageInput: string;
  imageList?: boolean;
  maskInput?: string;
  fields: Record<string, Field>;
  /** Above this many input pixels its GPU runs out of memory: the prediction fails. */
  maxPixels?: number;
  /** Its output is the input scaled by its `scale` input. */
  scales?: boolean;
};

const ASPECT_RATIOS = ["match_input_image", "1:1", "16:9", "9:16", "4:3", "3:4", "3:2", "2:3", "4:5", "5:4", "21:9", "9:21"] as const;

/** The models the adapter may call, with their input schemas as far as it uses them (each model's schema on replicate.com); unknown inputs are refused. */
const MODELS: Record<string, ModelSchema> = {
  "adirik/interior-design": {
    version: "76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38",
    required: ["image", "prompt"],
    imageInput: "image",
    fields: {
      image: { type: "uri" },
      prompt: { type: "string" },
      negative_prompt: { type: "string" },
      guidance_scale: { type: "number", min: 1, max: 50 },
      prompt_strength: { type: "number", min: 0, max: 1 },
      num_inference_steps: { type: "integer", min: 1, max: 500 },
      seed: { type: "integer" },
    },
  },
  "black-forest-labs/flux-kontext-pro": {
    required: ["prompt"],
    imageInput: "input_image",
    fields: {
      prompt: { type: "string" },
      input_image: { type: "uri" },
      aspect_ratio: { type: "string", values: ASPECT_RATIOS },
      output_format: { type: "string", values: ["jpg", "png"] },
      seed: { type: "integer" },
      // 2 is the most allowed with an input image.
      safety_tolerance: { type: "integer", min: 0, max: 2 },
      prompt_upsampling: { type: "boolean" },
    },
  },
  "google/nano-banana": {
    required: ["prompt"],
    imageInput: "image_input",
    imageList: true,
    fields: {
      prompt: { type: "string" },
      image_input: { type: "uri[]" },
      aspect_ratio: { type: "string", values: ASPECT_RATIOS },
      output_format: { type: "string", values: ["jpg", "png"] },
    },
  },
  "black-forest-labs/flux-fill-pro": {
    required: ["image", "mask", "prompt"],
    imageInput: "image",
    maskInput: "mask",
    fields: {
      image: { type: "uri" },
      mask: { type: "uri" },
      prompt: { type: "string" },
      steps: { type: "integer", min: 1, max: 50 },
      guidance: { type: "number", min: 2, max: 5 },
      outpaint: { type: "string", values: ["None", "Zoom out 1.5x", "Zoom out 2x", "Make square", "Left outpaint", "Right outpaint", "Top outpaint", "Bottom outpaint"] },
      prompt_upsampling: { type: "boolean" },
      seed: { type: "integer" },
      output_format: { type: "string", values: ["jpg", "png"] },
      safety_tolerance: { type: "integer", min: 1, max: 6 },
    },
  },
  "bria/eraser": {
    required: ["image", "mask"],
    imageInput: "image",
    maskInput: "mask",
    fields: {
      image: { type: "uri" },
      mask: { type: "uri" },
      mask_type: { type: "string", values: ["manual", "automatic"] },
      preserve_alpha: { type: "boolean" },
      sync: { type: "boolean" },
      content_moderation: { type: "boolean" },
    },
  },
  "nightmareai/real-esrgan": {
    version: "42fed1c4974146d4d2414e2be2c5277c7fcf05fcc3a73abf41610695738c1d7b",
    required: ["image"],
    imageInput: "image",
    fields: { image: { type: "uri" }, scale: { type: "number", min: 0, max: 10 }, face_enhance: { type: "boolean" } },
    maxPixels: 2_100_000,
    scales: true,
  },
};

/** What the input breaks in the model's schema, as Replicate words a 422; null when it fits. */
function schemaProblem(schema: ModelSchema, input: Record<string, unknown>): string | null {
  const missing = schema.required.find((key) => input[key] === undefined);
  if (missing) return `- input: ${missing} is required`;
  for (const [key, value] of Object.entries(input)) {
    const field = schema.fields[key];
    if (!field) return `- input: Additional property ${key} is not allowed`;
    const ok =
      field.type === "string" || field.type === "uri"
        ? typeof value === "string"
        : field.type === "uri[]"
          ? Array.isArray(value) && value.every((item) => typeof item === "string")
          : field.type === "integer"
            ? Number.isInteger(value)
            : field.type === "number"
              ? typeof value === "number"
              : typeof value === "boolean";
    if (!ok) return `- input.${key}: Invalid type. Expected: ${field.type}, given: ${typeof value}`;
    if (field.values && !field.values.includes(value as string | number)) return `- input.${key}: ${key} must be one of the following: ${field.values.map((v) => `"${v}"`).join(", ")}`;
    if (field.min !== undefined && (value as number) < field.min) return `- input.${key}: Must be greater than or equal to ${field.min}`;
    if (field.max !== undefined && (value as number) > field.max) return `- input.${key}: Must be less than or equal to ${field.max}`;
  }
  return null;
}
const BODY_KEYS = new Set(["input", "version", "webhook", "webhook_events_filter", "stream"]);

export class FakeReplicate {
  private server: Server | null = null;
  private origin = "";
  private seq = 0;
  private timers = new Set<NodeJS.Timeout>();
  readonly token = "r8_fakeToken0123456789";
  readonly webhookSecret = `whsec_${randomBytes(24).toString("base64")}`;
  scenario: ReplicateScenario = FakeReplicate.defaults();
  /** The next `count` requests (of `method`, when given) answer `status`, with Retry-After when given. */
  failNext: { count: number; status: number; retryAfter?: string; method?: string } = { count: 0, status: 500 };
  /** Replicate removes API predictions' outputs after an hour. */
  outputTtlMs = 3_600_000;
  /** Not in the API: how long the answer to a create takes after the prediction exists (a slow network). */
  createAnswerMs = 0;
  readonly requests: { method: string; path: string }[] = [];
  readonly predictions = new Map<string, FakePrediction>();
  readonly files = new Map<string, { data: Buffer; type: string }>();
  /** The photo each prediction received, decoded. */
  readonly received = new Map<string, { width: number; height: number; via: "data-uri" | "file" }>();
  /** Every image each prediction received, the photo first (a list model's references after it). */
  readonly images = new Map<string, Buffer[]>();
  /** The mask each masked prediction received, as sent. */
  readonly masks = new Map<string, Buffer>();
  private outputs = new Map<string, Buffer>();
  /** Where finished predictions' webhooks go; a test routes them to the route handler. */
  deliver: (request: Request) => Promise<unknown> = (request) => fetch(request);

  static defaults(): ReplicateScenario {
    return { startingMs: 10, processingMs: 60, progressLogs: true, outcome: "succeeded", error: "", output: "url" };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res).catch((error: unknown) => this.problem(res, 500, String(error))));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return `${this.origin}/v1`;
  }

  async stop() {
    for (const timer of this.timers) clearTimeout(timer);
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A webhook delivery of this prediction as Replicate would sign it; `secret` and `timestamp` to forge bad ones. */
  signedWebhook(prediction: FakePrediction, options: { secret?: string; timestampSeconds?: number; url?: string } = {}): Request {
    const body = JSON.stringify(this.view(prediction));
    const id = `msg_${randomBytes(8).toString("hex")}`;
    const timestamp = String(options.timestampSeconds ?? Math.floor(Date.now() / 1000));
    const key = Buffer.from((options.secret ?? this.webhookSecret).replace(/^whsec_/, ""), "base64");
    const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
    return new Request(options.url ?? prediction.webhook ?? "https://example.test/", {
      method: "POST",
      headers: { "content-type": "application/json", "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` },
      body,
    });
  }

  private later(ms: number, work: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  }

  private problem(res: ServerResponse, status: number, detail: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/problem+json", ...headers });
    res.end(JSON.stringify({ detail, status, title: status === 422 ? "Input validation failed" : "Error" }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", this.origin);
    const method = req.method ?? "GET";
    this.requests.push({ method, path: url.pathname });

    // Outputs are served by replicate.delivery, without the API's auth.
    const delivered = url.pathname.match(/^\/delivery\/(.+)$/);
    if (delivered) {
      const output = this.outputs.get(delivered[1]!);
      if (!output) return this.problem(res, 404, "Not found");
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(output);
    }
    if (req.headers.authorization !== `Bearer ${this.token}`) return this.problem(res, 401, "You did not pass a valid authentication token");
    if (this.failNext.count > 0 && (!this.failNext.method || this.failNext.method === method)) {
      this.failNext.count--;
      const { status, retryAfter } = this.failNext;
      const detail = status === 429 ? "Request was throttled. Your rate limit resets in ~30s." : "Internal server error";
      return this.problem(res, status, detail, retryAfter ? { "retry-after": retryAfter } : {});
    }

    const path = url.pathname.replace(/^\/v1/, "");
    if (method === "POST" && path === "/files") return this.createFile(req, body, res);
    const file = path.match(/^\/files\/([\w-]+)$/);
    if (file && method === "DELETE") {
      this.files.delete(file[1]!);
      res.writeHead(204);
      return res.end();
    }
    if (method === "POST" && path === "/predictions") return this.create(res, body, null);
    const official = path.match(/^\/models\/([\w.-]+\/[\w.-]+)\/predictions$/);
    if (method === "POST" && official) return this.create(res, body, official[1]!);
    const one = path.match(/^\/predictions\/([\w-]+)(\/cancel)?$/);
    const prediction = one ? this.predictions.get(one[1]!) : undefined;
    if (one && !prediction) return this.problem(res, 404, "Not found");
    if (prediction && method === "GET" && !one![2]) return this.send(res, 200, this.view(prediction));
    if (prediction && method === "POST" && one![2]) {
      if (!["succeeded", "failed", "canceled", "aborted"].includes(prediction.status)) this.finish(prediction, "canceled");
      return this.send(res, 200, this.view(prediction));
    }
    return this.problem(res, 404, "Not found");
  }

  private async createFile(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    const form = await new Request(`${this.origin}/files`, { method: "POST", headers: { "content-type": String(req.headers["content-type"]) }, body: new Uint8Array(body) }).formData();
    const content = form.get("content");
    if (!(content instanceof Blob)) return this.problem(res, 422, "content: a file is required");
    const id = `file${++this.seq}`;
    const data = Buffer.from(await content.arrayBuffer());
    this.files.set(id, { data, type: content.type });
    const now = new Date();
    return this.send(res, 201, {
      id,
      name: content instanceof File ? content.name : id,
      content_type: content.type,
      size: data.length,
      checksums: {},
      metadata: {},
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      urls: { get: `${this.origin}/v1/files/${id}` },
    });
  }

  private async create(res: ServerResponse, raw: Buffer, officialModel: string | null) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString()) as Record<string, unknown>;
    } catch {
      return this.problem(res, 400, "Invalid JSON");
    }
    const extra = Object.keys(body).filter((key) => !BODY_KEYS.has(key));
    if (extra.length) return this.problem(res, 422, `- (root): Additional property ${extra[0]} is not allowed`);
    const byVersion = Object.entries(MODELS).find(([, m]) => m.version && m.version === String(body.version ?? "").split(":").pop());
    const modelName = officialModel ?? byVersion?.[0];
    const model = modelName ? MODELS[modelName] : undefined;
    if (!modelName || !model || (officialModel && model.version)) return this.problem(res, 404, "The requested resource could not be found.");
    const input = (body.input ?? {}) as Record<string, unknown>;
    const problem = schemaProblem(model, input);
    if (problem) return this.problem(res, 422, problem);
    const sources = model.imageList ? ((input[model.imageInput] as string[] | undefined) ?? []) : [input[model.imageInput]];
    const images = [];
    for (const source of sources) {
      const decoded = await this.readInput(source);
      if (!decoded) return this.problem(res, 422, `- input.${model.imageInput}: a URI of an image is required`);
      images.push(decoded);
    }
    const decoded = images[0];
    if (!decoded) return this.problem(res, 422, `- input.${model.imageInput}: a URI of an image is required`);
    let mask: Buffer | undefined;
    if (model.maskInput) {
      const readMask = await this.readInput(input[model.maskInput]);
      if (!readMask) return this.problem(res, 422, `- input.${model.maskInput}: a URI of an image is required`);
      if (readMask.width !== decoded.width || readMask.height !== decoded.height) {
        return this.problem(res, 422, `- input.${model.maskInput}: the mask is ${readMask.width}x${readMask.height}, the image ${decoded.width}x${decoded.height}`);
      }
      mask = readMask.data;
    }
    if (body.webhook !== undefined && !String(body.webhook).startsWith("https://")) return this.problem(res, 422, "- webhook: must be an https URL");

    const id = `pred${String(++this.seq).padStart(6, "0")}`;
    const now = new Date().toISOString();
    const prediction: FakePrediction = {
      id,
      model: modelName,
      version: model.version ?? "hidden",
      input,
      status: "starting",
      output: null,
      error: null,
      logs: "",
      data_removed: false,
      created_at: now,
      started_at: null,
      completed_at: null,
      webhook: (body.webhook as string | undefined) ?? null,
      webhook_events_filter: (body.webhook_events_filter as string[] | undefined) ?? null,
      urls: { get: `${this.origin}/v1/predictions/${id}`, cancel: `${this.origin}/v1/predictions/${id}/cancel`, web: `https://replicate.com/p/${id}` },
      hidden: { scenario: { ...this.scenario } },
    };
    this.predictions.set(id, prediction);
    this.received.set(id, { width: decoded.width, height: decoded.height, via: decoded.via });
    this.images.set(id, images.map(({ data }) => data));
    if (mask) this.masks.set(id, mask);
    const { scenario } = prediction.hidden;
    if (model.maxPixels && decoded.width * decoded.height > model.maxPixels) {
      scenario.outcome = "failed";
      scenario.error = "CUDA out of memory. Tried to allocate 2.25 GiB";
    }
    const scale = model.scales ? Number(input.scale ?? 4) : 1;
    this.later(scenario.startingMs, () => {
      if (prediction.status !== "starting") return;
      prediction.status = "processing";
      prediction.started_at = new Date().toISOString();
      prediction.hidden.runningSince = Date.now();
    });
    this.later(scenario.startingMs + scenario.processingMs, () => void this.complete(prediction, scenario, decoded.data, scale));
    if (this.createAnswerMs) await new Promise((resolve) => setTimeout(resolve, this.createAnswerMs));
    // Without Prefer: wait the prediction is only created: 201 with its status.
    return this.send(res, 201, this.view(prediction), { location: prediction.urls.get });
  }

  /** The photo of a prediction: a data URI, or a URL of a file uploaded through the Files API. */
  private async readInput(value: unknown): Promise<{ data: Buffer; width: number; height: number; via: "data-uri" | "file" } | null> {
    if (typeof value !== "string") return null;
    const file = value.match(/\/v1\/files\/([\w-]+)$/);
    const via = value.startsWith("data:") ? "data-uri" : "file";
    const data = value.startsWith("data:") ? Buffer.from(value.slice(value.indexOf(",") + 1), "base64") : file ? this.files.get(file[1]!)?.data : undefined;
    if (!data) return null;
    const meta = await sharp(data)
      .metadata()
      .catch(() => null);
    return meta?.width && meta.height ? { data, width: meta.width, height: meta.height, via } : null;
  }

  private async complete(prediction: FakePrediction, scenario: ReplicateScenario, photo: Buffer, scale: number) {
    if (prediction.status !== "processing" && prediction.status !== "starting") return;
    if (scenario.outcome !== "succeeded") return this.finish(prediction, scenario.outcome, scenario.error || "Prediction failed");
    // The model's answer: the photo recoloured, at the photo's size (adirik scales back to the input's size), or enlarged by an upscaler's scale.
    const { width = 1, height = 1 } = await sharp(photo).metadata();
    const image =
      scale === 1
        ? await sharp(photo).modulate({ hue: 120 }).png().toBuffer()
        : await sharp(photo)
            .resize(Math.round(width * scale), Math.round(height * scale), { fit: "fill", kernel: "nearest" })
            .jpeg()
            .toBuffer();
    const key = `${prediction.id}/out-0.png`;
    const put = (name: string, data: Buffer) => {
      this.outputs.set(name, data);
      this.later(this.outputTtlMs, () => this.outputs.delete(name));
      return `${this.origin}/delivery/${name}`;
    };
    const output = {
      url: () => put(key, image),
      "data-uri": () => `data:image/png;base64,${image.toString("base64")}`,
      list: () => [put(`${prediction.id}/control.png`, image), put(key, image)],
      none: () => null,
      "not-an-image": () => put(key, Buffer.from("<html>Service unavailable</html>")),
    }[scenario.output]();
    this.finish(prediction, "succeeded", null, output);
  }

  private finish(prediction: FakePrediction, status: Status, error: string | null = null, output: unknown = null) {
    prediction.status = status;
    prediction.error = error;
    prediction.output = output;
    prediction.completed_at = new Date().toISOString();
    this.later(this.outputTtlMs, () => {
      prediction.output = null;
      prediction.data_removed = true;
    });
    if (prediction.webhook && (!prediction.webhook_events_filter || prediction.webhook_events_filter.includes("completed"))) {
      void this.deliver(this.signedWebhook(prediction)).catch(() => undefined);
    }
  }

  /** The prediction as the API shows it, its logs as far as the run has got. */
  private view(prediction: FakePrediction) {
    const { hidden, ...shown } = prediction;
    if (prediction.status === "processing" && hidden.runningSince !== undefined && hidden.scenario.progressLogs) {
      const steps = 50;
      const done = Math.min(steps, Math.floor(((Date.now() - hidden.runningSince) / Math.max(1, hidden.scenario.processingMs)) * steps));
      const bar = Math.floor(done / 5);
      shown.logs = `Using seed: 1234\n${String(done * 2).padStart(3)}%|${"█".repeat(bar)}${" ".repeat(10 - bar)}| ${done}/${steps} [00:01<00:01, 25.00it/s]`;
    }
    return shown;
  }
}
