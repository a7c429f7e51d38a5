import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives the embedded defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.appUrl).toBe("http://localhost:3000");
    expect(env.secureCookies).toBe(false);
    expect(env.trustedOrigins).toEqual(["http://localhost:3000", "http://127.0.0.1:3000"]);
  });

  it("turns on Secure cookies for an https APP_URL and treats empty strings as unset", () => {
    const env = parseEnv({ APP_URL: "https://aranzer.pl/", DATABASE_URL: "", PAYMENT_PROVIDER: "sandbox" });
    expect(env.appUrl).toBe("https://aranzer.pl");
    expect(env.secureCookies).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.trustedOrigins).toEqual(["https://aranzer.pl"]);
  });

  it("refuses to run the sandbox on a public APP_URL unless PAYMENT_PROVIDER names it", () => {
    expect(() => parseEnv({ APP_URL: "https://aranzer.pl" })).toThrow(/PAYMENT_PROVIDER is unset and APP_URL \(https:\/\/aranzer\.pl\) is public: set PAYMENT_PROVIDER=stripe/);
    expect(() => parseEnv({ APP_URL: "https://aranzer.pl", PAYMENT_PROVIDER: "" })).toThrow(/PAYMENT_PROVIDER is unset/);
    expect(parseEnv({ APP_URL: "https://aranzer.pl", PAYMENT_PROVIDER: "sandbox" })).toMatchObject({ PAYMENT_PROVIDER: "sandbox", publicAppUrl: true });
    // This machine, or plain http: a local or test setup, where the sandbox is the default.
    for (const APP_URL of ["http://127.0.0.1:3107", "https://localhost:3000", "https://127.0.0.1", "https://[::1]:3000", "http://aranzer.test"]) {
      expect(parseEnv({ APP_URL }), APP_URL).toMatchObject({ PAYMENT_PROVIDER: "sandbox", publicAppUrl: false });
    }
  });

  it("refuses an invalid analytics container id and suggests the corrected form", () => {
    expect(() => parseEnv({ GTM_ID: "gtm-ab12c" })).toThrow(/GTM_ID: "gtm-ab12c" is not a valid container id; did you mean "GTM-AB12C"\?/);
    expect(parseEnv({ GTM_ID: "GTM-AB12C" }).GTM_ID).toBe("GTM-AB12C");
  });

  it("refuses generation settings that cannot work", () => {
    expect(() => parseEnv({ GENERATION_ENGINE: "fake" })).toThrow(/FAKE_ENGINE_SCRIPT/);
    expect(() => parseEnv({ GENERATION_ENGINE: "midjourney" })).toThrow(/GENERATION_ENGINE/);
    expect(() => parseEnv({ IN_PROCESS_WORKER: "false" })).toThrow(/needs DATABASE_URL/);
    expect(parseEnv({ IN_PROCESS_WORKER: "false", DATABASE_URL: "postgres://db/x" }).IN_PROCESS_WORKER).toBe(false);
  });

  it("still reads the engine's old name, GENERATION_PROVIDER, with a deprecation warning; the new name wins", () => {
    const warn = vi.spyOn(process, "emitWarning").mockImplementation(() => undefined);
    try {
      expect(parseEnv({ GENERATION_PROVIDER: "comfyui", COMFYUI_URL: "http://gpu-1:8188" }).GENERATION_ENGINE).toBe("comfyui");
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("GENERATION_ENGINE"), expect.objectContaining({ type: "DeprecationWarning" }));
      expect(parseEnv({ GENERATION_PROVIDER: "comfyui", GENERATION_ENGINE: "local" }).GENERATION_ENGINE).toBe("local");
    } finally {
      warn.mockRestore();
    }
  });

  it("needs both Stripe keys for PAYMENT_PROVIDER=stripe and checks their form", () => {
    expect(parseEnv({}).PAYMENT_PROVIDER).toBe("sandbox");
    expect(() => parseEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ INVOICE_FILER: "ksef" })).toThrow(/INVOICE_FILER=ksef needs KSEF_TOKEN/);
    expect(() => parseEnv({ INVOICE_SELLER_NIP: "123" })).toThrow(/INVOICE_SELLER_NIP/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(/STRIPE_WEBHOOK_SECRET: must be the endpoint's signing secret/);
    expect(parseEnv({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" }).PAYMENT_PROVIDER).toBe("stripe");
  });

  it("takes an S3 bucket only with what it needs, and says what is missing", () => {
    const keys = { S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" };
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    expect(parseEnv({ S3_BUCKET: "aranzer-images", S3_ENDPOINT: "http://127.0.0.1:9000", ...keys }).S3_ENDPOINT).toBe("http://127.0.0.1:9000");
    // On AWS the keys may come from the instance's role.
    expect(parseEnv({ S3_BUCKET: "aranzer-images", S3_REGION: "eu-central-1" }).S3_REGION).toBe("eu-central-1");
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000", ...keys })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without S3_BUCKET/);
    expect(() => parseEnv({ S3_BUCKET: "aranzer-images" })).toThrow(/S3_BUCKET on AWS needs S3_REGION/);
    expect(() => parseEnv({ S3_BUCKET: "aranzer-images", S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ S3_BUCKET: "aranzer-images", S3_REGION: "eu-central-1", S3_ACCESS_KEY_ID: "key" })).toThrow(/must be set together/);
    expect(() => parseEnv({ S3_BUCKET: "Aranzer_Images", S3_REGION: "eu-central-1" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseEnv({ S3_BUCKET: "aranzer-images", S3_ENDPOINT: "127.0.0.1:9000", ...keys })).toThrow(/S3_ENDPOINT: must be an http/);
  });

  it("needs each AI engine's key or address, and takes only the models whose inputs it knows", () => {
    expect(() => parseEnv({ GENERATION_ENGINE: "replicate" })).toThrow(/GENERATION_ENGINE=replicate needs REPLICATE_API_TOKEN/);
    expect(() => parseEnv({ GENERATION_ENGINE: "openai" })).toThrow(/GENERATION_ENGINE=openai needs OPENAI_API_KEY/);
    expect(() => parseEnv({ GENERATION_ENGINE: "comfyui" })).toThrow(/GENERATION_ENGINE=comfyui needs COMFYUI_URL/);
    expect(() => parseEnv({ GENERATION_ENGINE: "replicate", REPLICATE_API_TOKEN: "abc" })).toThrow(/REPLICATE_API_TOKEN: must be a Replicate API token/);
    expect(() => parseEnv({ REPLICATE_MODEL: "stability-ai/sdxl" })).toThrow(/REPLICATE_MODEL: must be one of adirik\/interior-design, black-forest-labs\/flux-kontext-pro/);
    expect(() => parseEnv({ OPENAI_IMAGE_MODEL: "gpt-image-1" })).toThrow(/OPENAI_IMAGE_MODEL: must be one of gpt-image-1.5/);
    expect(() => parseEnv({ REPLICATE_WEBHOOK_SECRET: "secret" })).toThrow(/REPLICATE_WEBHOOK_SECRET: must be Replicate's webhook signing secret/);
    expect(() => parseEnv({ COMFYUI_URL: "gpu-1:8188" })).toThrow(/COMFYUI_URL: must be an http/);

    const replicate = parseEnv({ GENERATION_ENGINE: "replicate", REPLICATE_API_TOKEN: "r8_abc123" });
    expect([replicate.REPLICATE_MODEL, replicate.OPENAI_IMAGE_MODEL, replicate.OPENAI_IMAGE_QUALITY]).toEqual(["adirik/interior-design", "gpt-image-1.5", "medium"]);
    expect(parseEnv({ GENERATION_ENGINE: "openai", OPENAI_API_KEY: "sk-proj-abc_123", OPENAI_IMAGE_MODEL: "gpt-image-2" }).OPENAI_IMAGE_MODEL).toBe("gpt-image-2");
    expect(parseEnv({ GENERATION_ENGINE: "comfyui", COMFYUI_URL: "http://gpu-1:8188" }).COMFYUI_URL).toBe("http://gpu-1:8188");
  });

  it("opens the test sign-in only on a plain-http loopback address", () => {
    expect(parseEnv({}).E2E_SIGN_IN).toBe(false);
    expect(parseEnv({ E2E_SIGN_IN: "true", APP_URL: "http://127.0.0.1:3201" }).E2E_SIGN_IN).toBe(true);
    expect(parseEnv({ E2E_SIGN_IN: "true" }).E2E_SIGN_IN).toBe(true);
    expect(() => parseEnv({ E2E_SIGN_IN: "true", APP_URL: "https://aranzer.pl", PAYMENT_PROVIDER: "sandbox" })).toThrow(/E2E_SIGN_IN=true .* loopback address only, not https:\/\/aranzer.pl/);
    expect(() => parseEnv({ E2E_SIGN_IN: "true", APP_URL: "http://aranzer.pl" })).toThrow(/E2E_SIGN_IN/);
    expect(() => parseEnv({ E2E_SIGN_IN: "true", APP_URL: "https://127.0.0.1:3201" })).toThrow(/E2E_SIGN_IN/);
  });

  it("names every invalid variable", () => {
    expect(() => parseEnv({ PORT: "http", DATABASE_URL: "mysql://x" })).toThrow(/PORT[\s\S]*DATABASE_URL/);
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT_SECRET must be set together/);
  });
});
