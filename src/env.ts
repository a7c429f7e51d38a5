import { z } from "zod";
import { engineIds, openaiImageModelIds, replicateModelIds } from "./config/engines";
import { JOB_LEASE_MS } from "./config/generation";

/**
 * Every environment variable the product reads, parsed once. Nothing else reads process.env.
 * Unset means the embedded default (PGlite, local files, .eml outbox); see docs/configuration.md.
 */
// No "server-only" marker: server.ts (plain Node) reads it too. Nothing here is a secret unless set.
const GTM_ID = /^GTM-[A-Z0-9]+$/;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The certificate chain (PEM, the signing certificate first) and its private key (PKCS#8 PEM) that C2PA
   * manifests are signed with; both or neither. Unset: a certificate of our own is made in DATA_DIR.
   */
  C2PA_SIGN_CERT: z.string().min(1).transform((v) => v.replace(/\\n/g, "\n")).optional(),
  C2PA_SIGN_KEY: z.string().min(1).transform((v) => v.replace(/\\n/g, "\n")).optional(),
  /** An RFC 3161 time-stamp authority whose token every C2PA signature carries (sigTst2); unset: none. */
  C2PA_TSA_URL: z.url().optional(),
  /** An S3-compatible bucket for photos and results instead of DATA_DIR/images (needed when processes do not share a disk). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens")
    .optional(),
  /** Another S3-compatible service (MinIO, R2, Ceph...), addressed path-style; unset: AWS itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, "must be a region name such as eu-central-1").optional(),
  /** Unset on AWS: the SDK's own chain (instance or task role, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
  MAIL_FROM: z.string().default("Aranżer <no-reply@aranzer.pl>"),
  CONTACT_EMAIL: z.email().default("kontakt@aranzer.pl"),
  /** The operator's legal details, printed in the terms and privacy texts. Set them before launch. */
  OPERATOR_NAME: z.string().default("Aranżer"),
  OPERATOR_ADDRESS: z.string().default("—"),
  OPERATOR_NIP: z.string().default("—"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GTM_ID: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined || GTM_ID.test(value)) return;
      const suggestion = `GTM-${value.replace(/^gtm-?/i, "").replace(/[^a-z0-9]/gi, "").toUpperCase()}`;
      ctx.addIssue({ code: "custom", message: `"${value}" is not a valid container id; did you mean "${suggestion}"?` });
    }),
  /** Comma-separated addresses of the comment moderators (they see the moderation queue). */
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").map((address) => address.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email({ error: "must be comma-separated e-mail addresses" }))),
  /** The editor-preview secret: with it in the preview cookie, drafts of the blog are shown. At least 24 characters. */
  PREVIEW_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  /** Which engine makes the images: `local` (a preview without AI) needs nothing; `fake` is for tests; the rest need their keys below. */
  GENERATION_ENGINE: z.enum(engineIds).default("local"),
  /** JSON script of the fake engine (latency, progress, failures per style); see fake-engine.ts. */
  FAKE_ENGINE_SCRIPT: z.string().optional(),
  /** Tests only: a directory where the fake engine records each call (calls.jsonl, and each mask as a PNG next to it). */
  FAKE_ENGINE_RECORD_DIR: z.string().min(1).optional(),
  REPLICATE_API_TOKEN: z.string().regex(/^r8_\w+$/, "must be a Replicate API token (r8_...)").optional(),
  /** A model from src/config/engines.ts: each takes the photo under another input name. */
  REPLICATE_MODEL: z.enum(replicateModelIds, { error: `must be one of ${replicateModelIds.join(", ")}` }).default("adirik/interior-design"),
  /** The signing secret of Replicate's webhooks; with an https APP_URL, predictions report their end to /api/webhooks/replicate. */
  REPLICATE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be Replicate's webhook signing secret (whsec_...)").optional(),
  /** Tests only: where the Replicate client sends its requests (a local fake). */
  REPLICATE_API_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().regex(/^sk-[\w-]+$/, "must be an OpenAI API key (sk-...)").optional(),
  OPENAI_IMAGE_MODEL: z.enum(openaiImageModelIds, { error: `must be one of ${openaiImageModelIds.join(", ")}` }).default("gpt-image-1.5"),
  /** Higher quality costs more output tokens: about 4× from medium to high. */
  OPENAI_IMAGE_QUALITY: z.enum(["low", "medium", "high"]).default("medium"),
  /** Tests only: where the OpenAI client sends its requests (a local fake), e.g. http://127.0.0.1:8080/v1. */
  OPENAI_API_URL: z.url().optional(),
  /** A self-hosted ComfyUI server, e.g. http://gpu-1:8188. */
  COMFYUI_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  /** File names on that server; unset: the ones in src/server/engines/comfyui/workflow.json. */
  COMFYUI_CHECKPOINT: z.string().min(1).optional(),
  COMFYUI_CONTROLNET: z.string().min(1).optional(),
  /** The checkpoint of the masked edits (inpaint.json); unset: COMFYUI_CHECKPOINT. */
  COMFYUI_INPAINT_CHECKPOINT: z.string().min(1).optional(),
  /** The upscale model in that server's models/upscale_models, for HD copies; its factor is read from its name (x2, 4x…). */
  COMFYUI_UPSCALE_MODEL: z.string().min(1).default("RealESRGAN_x2.pth"),
  /** Images one worker process generates at once; unset: the engine's own default. */
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** How long a generation job stays a worker's without its renewal (every third of it): a dead worker's jobs wait this long; shorter in tests. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(600).default(JOB_LEASE_MS / 1000),
  /** How long photos and results live (one hour, as the privacy policy promises); shorter only for tests. */
  IMAGE_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(3600),
  /**
   * `false` renders every page per request: the shared public pages are otherwise answered from memory for a
   * few seconds at a time (src/server/http/shared-page-cache.ts).
   */
  SHARED_PAGE_CACHE: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  /** `false` in web processes when `npm run worker` processes do the work (needs DATABASE_URL). */
  IN_PROCESS_WORKER: z.enum(["true", "false"]).default("true").transform((v) => v === "true"),
  /**
   * Who takes payments: `sandbox` (a local test checkout, no money moves) or `stripe` (needs its keys). Unset
   * means the sandbox only on a local address: with a public APP_URL the sandbox must be chosen by name.
   */
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key)").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, "must be the endpoint's signing secret (whsec_...)").optional(),
  /** Tests only: where the Stripe client sends its requests (a local fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * The seller on VAT invoices (FA(3)): the operator's company name, NIP and address. The defaults are a
   * placeholder with a checksum-valid test NIP, for local use only.
   */
  INVOICE_SELLER_NAME: z.string().min(1).max(512).default("Aranżer (dane sprzedawcy: INVOICE_SELLER_*)"),
  INVOICE_SELLER_NIP: z.string().regex(/^[1-9]\d{9}$/, "must be the seller's NIP, ten digits").default("1234563218"),
  INVOICE_SELLER_STREET: z.string().min(1).max(200).default("ul. Przykładowa 1"),
  INVOICE_SELLER_POSTAL_CODE: z.string().min(1).max(20).default("00-001"),
  INVOICE_SELLER_CITY: z.string().min(1).max(100).default("Warszawa"),
  /**
   * Where VAT invoices go besides our own records: `embedded` keeps the FA(3) XML and the PDF here only; `ksef`
   * also files each invoice with KSeF 2.0 (the seller's INVOICE_SELLER_NIP, signed in with KSEF_TOKEN).
   */
  INVOICE_FILER: z.enum(["embedded", "ksef"]).default("embedded"),
  /** KSeF 2.0's API: the Ministry's test environment by default; production is https://api.ksef.mf.gov.pl/v2. */
  KSEF_API_URL: z.url().default("https://api-test.ksef.mf.gov.pl/v2"),
  /** A KSeF token of the seller's NIP with the right to issue invoices (made in the KSeF application). */
  KSEF_TOKEN: z.string().min(10).optional(),
  /**
   * How an EU VAT number is checked before its buyer is charged net (reverse charge): `format` only (the embedded
   * default), or `vies`, the European Commission's VIES REST API at VIES_API_URL.
   */
  VAT_NUMBER_CHECK: z.enum(["format", "vies"]).default("format"),
  VIES_API_URL: z.url().default("https://ec.europa.eu/taxation_customs/vies/rest-api"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** Behind a reverse proxy that sets X-Forwarded-For; otherwise the socket address is used. */
  TRUST_PROXY: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
  /** Rate limits on by default; the end-to-end tests widen them rather than switch them off. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /**
   * End-to-end tests only: `true` opens POST /api/test/sign-in, which creates a confirmed, signed-in account
   * with a chosen token balance, and POST /api/test/expire-invitations. Refused at start unless APP_URL is plain http on a loopback address.
   */
  E2E_SIGN_IN: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
});

export type Env = z.infer<typeof schema> & {
  appUrl: string;
  /** APP_URL is set, https and not this machine: links in logs are live, a forgotten setting costs money. */
  publicAppUrl: boolean;
  secureCookies: boolean;
  trustedOrigins: string[];
};

const LOOPBACK_HOST = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Whether an APP_URL is the public face of a deployment (https, a host other than this machine's loopback). */
export function isPublicUrl(url: string | undefined): boolean {
  if (!url) return false;
  const parsed = new URL(url);
  return parsed.protocol === "https:" && !LOOPBACK_HOST.test(parsed.hostname);
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  // The engine's old name is read for one more release, with a warning at start.
  if (cleaned.GENERATION_PROVIDER !== undefined && cleaned.GENERATION_ENGINE === undefined) {
    cleaned.GENERATION_ENGINE = cleaned.GENERATION_PROVIDER;
    process.emitWarning?.("GENERATION_PROVIDER is now GENERATION_ENGINE; the old name will no longer be read in the next release", { type: "DeprecationWarning", code: "GENERATION_PROVIDER" });
  }
  delete cleaned.GENERATION_PROVIDER;
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  if (Boolean(parsed.GOOGLE_CLIENT_ID) !== Boolean(parsed.GOOGLE_CLIENT_SECRET)) {
    throw new Error("Invalid environment configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  }
  const engineProblem = checkEngine(parsed);
  if (engineProblem) throw new Error(`Invalid environment configuration:\n  ${engineProblem}`);
  if (parsed.INVOICE_FILER === "ksef" && !parsed.KSEF_TOKEN) {
    throw new Error("Invalid environment configuration:\n  INVOICE_FILER=ksef needs KSEF_TOKEN (a KSeF token of INVOICE_SELLER_NIP, made in the KSeF application)");
  }
  if (parsed.PAYMENT_PROVIDER === "stripe" && (!parsed.STRIPE_SECRET_KEY || !parsed.STRIPE_WEBHOOK_SECRET)) {
    throw new Error("Invalid environment configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (Dashboard → Developers → API keys and Webhooks)");
  }
  const publicAppUrl = isPublicUrl(parsed.APP_URL);
  // The sandbox hands out tokens for nothing: on a public address it runs only when named.
  if (publicAppUrl && cleaned.PAYMENT_PROVIDER === undefined) {
    throw new Error(
      `Invalid environment configuration:\n  PAYMENT_PROVIDER is unset and APP_URL (${parsed.APP_URL}) is public: set PAYMENT_PROVIDER=stripe with its keys to take payments, or PAYMENT_PROVIDER=sandbox to run the test checkout (anyone can buy tokens for free) on purpose`,
    );
  }
  if (!parsed.IN_PROCESS_WORKER && !parsed.DATABASE_URL) {
    throw new Error("Invalid environment configuration:\n  IN_PROCESS_WORKER=false needs DATABASE_URL: the embedded database belongs to one process, so its worker must run inside it");
  }
  if (!parsed.C2PA_SIGN_CERT !== !parsed.C2PA_SIGN_KEY) {
    throw new Error("Invalid environment configuration:\n  C2PA_SIGN_CERT and C2PA_SIGN_KEY go together: set both to sign with your certificate, or neither to sign with one made in DATA_DIR");
  }
  const s3Problem = checkS3(parsed);
  if (s3Problem) throw new Error(`Invalid environment configuration:\n  ${s3Problem}`);
  const appUrl = (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, "");
  if (parsed.E2E_SIGN_IN && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(appUrl)) {
    throw new Error(`Invalid environment configuration:\n  E2E_SIGN_IN=true lets anyone sign in as anyone; it is for tests on a loopback address only, not ${appUrl}`);
  }
  // With no APP_URL the product runs locally: a browser may open it as localhost or as 127.0.0.1.
  const trustedOrigins = parsed.APP_URL ? [appUrl] : [appUrl, `http://127.0.0.1:${parsed.PORT}`];
  return { ...parsed, appUrl, publicAppUrl, secureCookies: appUrl.startsWith("https://"), trustedOrigins };
}

/** What an S3 configuration lacks, or null: caught at boot rather than at the first upload. */
function checkS3(parsed: z.infer<typeof schema>): string | null {
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = parsed;
  if (!S3_BUCKET) {
    const stray = Object.entries({ S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY }).filter(([, v]) => v).map(([k]) => k);
    return stray.length ? `${stray.join(", ")} set without S3_BUCKET: set the bucket to keep images in S3, or unset them to keep images under DATA_DIR` : null;
  }
  if (Boolean(S3_ACCESS_KEY_ID) !== Boolean(S3_SECRET_ACCESS_KEY)) return "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together";
  // Another service has no role to take credentials from; AWS needs to know where the bucket is.
  if (S3_ENDPOINT && !S3_ACCESS_KEY_ID) return "S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (the service's access key)";
  if (!S3_ENDPOINT && !S3_REGION) return "S3_BUCKET on AWS needs S3_REGION (e.g. eu-central-1); for another S3-compatible service set S3_ENDPOINT";
  return null;
}

/** What the chosen engine lacks, or null: caught at boot rather than at the first Generate. */
function checkEngine(parsed: z.infer<typeof schema>): string | null {
  switch (parsed.GENERATION_ENGINE) {
    case "fake":
      return parsed.FAKE_ENGINE_SCRIPT ? null : "GENERATION_ENGINE=fake needs FAKE_ENGINE_SCRIPT (a JSON script, see src/server/engines/fake-engine.ts)";
    case "replicate":
      return parsed.REPLICATE_API_TOKEN ? null : "GENERATION_ENGINE=replicate needs REPLICATE_API_TOKEN (replicate.com → Account settings → API tokens)";
    case "openai":
      return parsed.OPENAI_API_KEY ? null : "GENERATION_ENGINE=openai needs OPENAI_API_KEY (platform.openai.com → API keys)";
    case "comfyui":
      return parsed.COMFYUI_URL ? null : "GENERATION_ENGINE=comfyui needs COMFYUI_URL, the address of your ComfyUI server (e.g. http://gpu-1:8188)";
    default:
      return null;
  }
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
