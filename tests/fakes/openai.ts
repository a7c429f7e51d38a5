import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A local OpenAI Images API for the adapter's contract tests (OpenAI's Images API reference and openai-node): POST /v1/images/edits as
 * multipart, each image part with a real image Content-Type (application/octet-stream is refused as the API
 * refuses it), the parameters GPT image models take (no response_format; input_fidelity only where the model
 * has it), the answer in b64_json only with token usage, and the error envelope: 400 moderation_blocked on
 * demand, 429 with Retry-After, 5xx. Up to 16 images (`image[]`); a mask must be a PNG with an alpha channel,
 * under 4 MB, of the first image's size.
 */
export type OpenAIScenario = {
  /** How long an edit takes; the answer waits this long (a client that gives up closes the connection). */
  delayMs: number;
  answer: "image" | "moderation-blocked" | "no-image" | "not-an-image";
};

const MODELS = new Set(["gpt-image-1.5", "gpt-image-1-mini", "gpt-image-2"]);
const SIZES = new Set(["1024x1024", "1536x1024", "1024x1536", "auto"]);
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);
/** Output image tokens by quality and size, as billed for GPT image models. */
const OUTPUT_TOKENS: Record<string, Record<string, number>> = {
  low: { "1024x1024": 272, "1024x1536": 408, "1536x1024": 400 },
  medium: { "1024x1024": 1056, "1024x1536": 1584, "1536x1024": 1568 },
  high: { "1024x1024": 4160, "1024x1536": 6240, "1536x1024": 6208 },
};

export type EditRequest = {
  model: string;
  prompt: string;
  size: string;
  quality: string;
  inputFidelity: string | null;
  outputFormat: string;
  image: { type: string; width: number; height: number };
  /** How many images: the room, then references. */
  images: number;
  mask: { width: number; height: number } | null;
};

/** The mask must be under 4 MB. */
const MASK_MAX_BYTES = 4 * 1024 * 1024;

export class FakeOpenAI {
  private server: Server | null = null;
  readonly apiKey = "sk-test-fake0123456789";
  scenario: OpenAIScenario = FakeOpenAI.defaults();
  /** The next `count` edits answer `status` (429 with Retry-After when given). */
  failNext: { count: number; status: number; retryAfter?: string } = { count: 0, status: 500 };
  readonly edits: EditRequest[] = [];
  /** The bytes of each edit's images (the room first) and of its mask, as received. */
  readonly uploads: { images: Buffer[]; mask: Buffer | null }[] = [];
  /** Edits whose client closed the connection before the answer. */
  abandoned = 0;

  static defaults(): OpenAIScenario {
    return { delayMs: 0, answer: "image" };
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res).catch((error: unknown) => this.error(res, 500, "server_error", String(error))));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private error(res: ServerResponse, status: number, code: string | null, message: string, extra: { type?: string; param?: string | null; headers?: Record<string, string> } = {}) {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(status, { "content-type": "application/json", "x-request-id": `req_${Date.now()}`, ...extra.headers });
    res.end(JSON.stringify({ error: { message, type: extra.type ?? "invalid_request_error", param: extra.param ?? null, code } }));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/images/edits") return this.error(res, 404, "unknown_url", `Invalid URL (${req.method} ${req.url})`);
    if (req.headers.authorization !== `Bearer ${this.apiKey}`) return this.error(res, 401, "invalid_api_key", "Incorrect API key provided.");
    if (this.failNext.count > 0) {
      this.failNext.count--;
      const { status, retryAfter } = this.failNext;
      const headers: Record<string, string> = { "x-ratelimit-limit-requests": "5", "x-ratelimit-remaining-requests": "0", ...(retryAfter ? { "retry-after": retryAfter } : {}) };
      return status === 429
        ? this.error(res, 429, "rate_limit_exceeded", "Rate limit reached for images per minute. Limit: 5, Used: 5.", { type: "requests", headers })
        : this.error(res, status, null, "The server had an error while processing your request.", { type: "server_error", headers });
    }

    let form: FormData;
    try {
      form = await new Request("http://fake/v1/images/edits", { method: "POST", headers: { "content-type": String(req.headers["content-type"]) }, body: Buffer.concat(chunks) }).formData();
    } catch {
      return this.error(res, 400, null, "Could not parse multipart form");
    }
    const field = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null);
    const images = [...form.getAll("image"), ...form.getAll("image[]")];
    const model = field("model") ?? "gpt-image-1.5";
    const prompt = field("prompt");
    const size = field("size") ?? "auto";
    const quality = field("quality") ?? "auto";
    const inputFidelity = field("input_fidelity");
    const outputFormat = field("output_format") ?? "png";

    const image = images[0];
    if (!(image instanceof Blob)) return this.error(res, 400, null, "Missing required parameter: 'image'.", { param: "image" });
    if (images.length > 16) return this.error(res, 400, "invalid_value", "Too many images: at most 16.", { param: "image" });
    for (const [index, part] of images.entries()) {
      const param = images.length > 1 ? `image[${index}]` : "image";
      if (!(part instanceof Blob) || !IMAGE_TYPES.has(part.type)) {
        const type = part instanceof Blob ? part.type : "text/plain";
        return this.error(res, 400, "unsupported_file_mimetype", `Invalid file '${param}': unsupported mimetype ('${type}'). Supported file formats are 'image/jpeg', 'image/png', and 'image/webp'.`, { param });
      }
    }
    if (!prompt) return this.error(res, 400, null, "Missing required parameter: 'prompt'.", { param: "prompt" });
    if (prompt.length > 32_000) return this.error(res, 400, "string_above_max_length", "Invalid 'prompt': string too long.", { param: "prompt" });
    if (!MODELS.has(model)) return this.error(res, 400, "invalid_value", `Invalid value: '${model}'. Value must be a GPT image model.`, { param: "model" });
    if (!SIZES.has(size)) return this.error(res, 400, "invalid_value", `Invalid value: '${size}'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.`, { param: "size" });
    if (form.has("response_format")) return this.error(res, 400, "unknown_parameter", "Unknown parameter: 'response_format'.", { param: "response_format" });
    if (inputFidelity !== null && (model === "gpt-image-2" || (model === "gpt-image-1-mini" && inputFidelity !== "low"))) {
      return this.error(res, 400, "invalid_value", `input_fidelity '${inputFidelity}' is not supported for ${model}.`, { param: "input_fidelity" });
    }
    const all = await Promise.all(images.map(async (part) => Buffer.from(await (part as Blob).arrayBuffer())));
    const bytes = all[0]!;
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height) return this.error(res, 400, "invalid_image_file", "Invalid image file or mode for image 1, please check your image file.", { param: "image" });
    let mask: EditRequest["mask"] = null;
    let maskBytes: Buffer | null = null;
    const maskPart = form.get("mask");
    if (maskPart !== null) {
      if (!(maskPart instanceof Blob)) return this.error(res, 400, null, "Invalid 'mask': a file is required.", { param: "mask" });
      maskBytes = Buffer.from(await maskPart.arrayBuffer());
      const maskMeta = await sharp(maskBytes)
        .metadata()
        .catch(() => null);
      if (maskBytes.length >= MASK_MAX_BYTES) return this.error(res, 400, "invalid_value", "Invalid 'mask': the file must be less than 4 MB.", { param: "mask" });
      if (maskPart.type !== "image/png" || maskMeta?.format !== "png") return this.error(res, 400, "invalid_image_format", "Invalid 'mask': it must be a PNG.", { param: "mask" });
      if (!maskMeta.hasAlpha) return this.error(res, 400, "invalid_image_format", "Invalid 'mask': it must have an alpha channel (transparent areas are edited).", { param: "mask" });
      if (maskMeta.width !== meta.width || maskMeta.height !== meta.height) {
        return this.error(res, 400, "invalid_image_dimensions", `Invalid 'mask': its size ${maskMeta.width}x${maskMeta.height} must match the image's ${meta.width}x${meta.height}.`, { param: "mask" });
      }
      mask = { width: maskMeta.width, height: maskMeta.height };
    }
    this.edits.push({ model, prompt, size, quality, inputFidelity, outputFormat, image: { type: image.type, width: meta.width, height: meta.height }, images: images.length, mask });
    this.uploads.push({ images: all, mask: maskBytes });

    if (this.scenario.delayMs > 0) {
      const gone = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), this.scenario.delayMs);
        res.once("close", () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (gone) {
        this.abandoned++;
        return;
      }
    }
    if (this.scenario.answer === "moderation-blocked") {
      return this.error(res, 400, "moderation_blocked", "Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com.", { type: "image_generation_user_error" });
    }
    const [width, height] = (size === "auto" ? "1024x1024" : size).split("x").map(Number) as [number, number];
    const format = outputFormat === "jpeg" ? "jpeg" : outputFormat === "webp" ? "webp" : "png";
    const result = await sharp(bytes).resize(width, height, { fit: "fill" }).modulate({ hue: 200 }).toFormat(format).toBuffer();
    const b64 = { image: result.toString("base64"), "not-an-image": Buffer.from("not an image").toString("base64"), "no-image": undefined }[this.scenario.answer];
    const textTokens = Math.ceil(prompt.length / 4);
    const imageTokens = inputFidelity === "high" ? 4160 : 1040;
    const outputTokens = OUTPUT_TOKENS[quality]?.[size] ?? 1056;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        created: Math.floor(Date.now() / 1000),
        data: [b64 === undefined ? {} : { b64_json: b64 }],
        background: "opaque",
        output_format: format,
        quality,
        size,
        usage: { input_tokens: textTokens + imageTokens, input_tokens_details: { text_tokens: textTokens, image_tokens: imageTokens }, output_tokens: outputTokens, total_tokens: textTokens + imageTokens + outputTokens },
      }),
    );
  }
}
