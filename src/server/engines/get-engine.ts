import "server-only";
import { env } from "@/env";
import { remember } from "@/server/process-singletons";
import { subscribe } from "@/server/realtime/signals";
import type { Engine } from "./engine";
import { createFakeEngine, parseFakeEngineScript } from "./fake-engine";
import { createLocalEngine } from "./local-engine";

/**
 * The engine GENERATION_ENGINE names, made once per process. The AI engines' client libraries (about
 * 23 MB together) are imported only by the process that uses one, not by every web process.
 */
export function getEngine(): Promise<Engine> {
  return remember("engine", createConfiguredEngine);
}

// Each engine's keys were checked at boot (src/env.ts), hence the assertions.
async function createConfiguredEngine(): Promise<Engine> {
  const config = env();
  switch (config.GENERATION_ENGINE) {
    case "local":
      return createLocalEngine();
    case "fake":
      return createFakeEngine(parseFakeEngineScript(config.FAKE_ENGINE_SCRIPT!), { recordDir: config.FAKE_ENGINE_RECORD_DIR });
    case "replicate": {
      const { createReplicateEngine } = await import("./replicate-engine");
      return createReplicateEngine({
        token: config.REPLICATE_API_TOKEN!,
        model: config.REPLICATE_MODEL,
        baseUrl: config.REPLICATE_API_URL,
        // Replicate delivers only to https; without the secret a delivery could not be told from a forgery.
        webhookUrl: config.appUrl.startsWith("https://") && config.REPLICATE_WEBHOOK_SECRET ? `${config.appUrl}/api/webhooks/replicate` : undefined,
        watch: (predictionId, wake) => subscribe("prediction", predictionId, wake),
      });
    }
    case "openai": {
      const { createOpenAIEngine } = await import("./openai-engine");
      return createOpenAIEngine({ apiKey: config.OPENAI_API_KEY!, model: config.OPENAI_IMAGE_MODEL, quality: config.OPENAI_IMAGE_QUALITY, baseURL: config.OPENAI_API_URL });
    }
    case "comfyui": {
      const { createComfyUIEngine } = await import("./comfyui-engine");
      return createComfyUIEngine({
        url: config.COMFYUI_URL!,
        checkpoint: config.COMFYUI_CHECKPOINT,
        inpaintCheckpoint: config.COMFYUI_INPAINT_CHECKPOINT,
        controlNet: config.COMFYUI_CONTROLNET,
        upscaleModel: config.COMFYUI_UPSCALE_MODEL,
      });
    }
  }
}
