import "server-only";
import { env } from "@/env";
import type { Engine } from "./engine";
import { createLocalEngine } from "./local-engine";
import { createFakeEngine, parseFakeEngineScript } from "./fake-engine";

const holder = globalThis as typeof globalThis & { __aranzerEngine?: Engine };

/** The engine GENERATION_PROVIDER names, made once per process. */
export function getEngine(): Engine {
  holder.__aranzerEngine ??= createConfiguredEngine();
  return holder.__aranzerEngine;
}

function createConfiguredEngine(): Engine {
  const { GENERATION_PROVIDER, FAKE_ENGINE_SCRIPT } = env();
  return GENERATION_PROVIDER === "fake" ? createFakeEngine(parseFakeEngineScript(FAKE_ENGINE_SCRIPT ?? "{}")) : createLocalEngine();
}

/** Engines that redesign with AI; the others' results are labelled as previews made without AI. */
const aiEngines = new Set(["replicate", "openai", "comfyui"]);
export function isAiEngine(id: string): boolean {
  return aiEngines.has(id);
}
