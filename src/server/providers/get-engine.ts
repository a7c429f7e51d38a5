import "server-only";
import { env } from "@/env";
import { subscribe } from "@/server/realtime/signals";
import type { Engine } from "./engine";
import { createComfyUIEngine } from "./comfyui-engine";
import { createFakeEngine, parseFakeEngineScript } from "./fake-engine";
import { createLocalEngine } from "./local-engine";
import { createOpenAIEngine } from "./openai-engine";
import { createReplicateEngine } from "./replicate-engine";

const holder = globalThis as typeof globalThis & { __aranzerEngine?: Engine };

/** The engine GENERATION_PROVIDER names, made once per process. */
export function getEngine(): Engine {
  holder.__aranzerEngine ??= createConfiguredEngine();
  return holder.__aranzerEngine;
}

// Each engine's keys were checked at boot (src/env.ts), hence the assertions.
function createConfiguredEngine(): Engine {
  const config = env();
  switch (config.GENERATION_PROVIDER) {
    case "local":
      return createLocalEngine();
    case "fake":
      return createFakeEngine(parseFakeEngineScript(config.FAKE_ENGINE_SCRIPT!));
    case "replicate":
      return createReplicateEngine({
        token: config.REPLICATE_API_TOKEN!,
        model: config.REPLICATE_MODEL,
        baseUrl: config.REPLICATE_API_URL,
        // Replicate delivers only to https; without the secret a delivery could not be told from a forgery.
        webhookUrl: config.appUrl.startsWith("https://") && config.REPLICATE_WEBHOOK_SECRET ? `${config.appUrl}/api/webhooks/replicate` : undefined,
        watch: (predictionId, wake) => subscribe("prediction", predictionId, wake),
      });
    case "openai":
      return createOpenAIEngine({ apiKey: config.OPENAI_API_KEY!, model: config.OPENAI_IMAGE_MODEL, quality: config.OPENAI_IMAGE_QUALITY, baseURL: config.OPENAI_API_URL });
    case "comfyui":
      return createComfyUIEngine({ url: config.COMFYUI_URL!, checkpoint: config.COMFYUI_CHECKPOINT, controlNet: config.COMFYUI_CONTROLNET });
  }
}
