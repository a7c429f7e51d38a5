import type { Creativity } from "./modes/limits";
import { modeOf, modesOfEngine, onceModesOfEngine, unsupportedReasons, type EditMode, type UnsupportedReason } from "./modes";
/**
 * The generation engines GENERATION_ENGINE may name, and the models of the hosted ones, as data: read by the
 * environment check (which names are valid), by the engines (inputs, sizes, prices) and by the pages (whether
 * a batch's results are AI redesigns or previews). Prices and timings: docs/engines.md, which cites them.
 */

/**
 * An engine that is not AI gets its results labelled as previews made without AI. Which modes it can do, and
 * how it is asked for each, is in each mode's module (src/config/modes/). `followsWords`: it reads the person's
 * instruction and creativity (the local engine reads neither, so the page does not ask for them).
 */
export const engines = {
  local: { ai: false, followsWords: false },
  fake: { ai: false, followsWords: true },
  replicate: { ai: true, followsWords: true },
  openai: { ai: true, followsWords: true },
  comfyui: { ai: true, followsWords: true },
} as const satisfies Record<string, { ai: boolean; followsWords: boolean }>;

/** The modes an engine can do (none for ids no longer in the catalogue). */
export function engineModes(id: string): readonly EditMode[] {
  return Object.hasOwn(engines, id) ? modesOfEngine(id as EngineId) : [];
}

/** Why each mode this engine cannot do is missing (the page says it beside the disabled mode). */
export function engineUnsupportedReasons(id: string): Partial<Record<EditMode, UnsupportedReason>> {
  return Object.hasOwn(engines, id) ? unsupportedReasons(id as EngineId) : {};
}

/** Whether the engine reads the person's instruction and creativity. */
export function engineFollowsWords(id: string): boolean {
  return Object.hasOwn(engines, id) && engines[id as EngineId].followsWords;
}

/** The modes whose result on this engine is the same whatever the seed: one variation only. */
export function sameEveryTimeModes(id: string): readonly EditMode[] {
  return Object.hasOwn(engines, id) ? onceModesOfEngine(id as EngineId) : [];
}

export type EngineId = keyof typeof engines;
export const engineIds = Object.keys(engines) as [EngineId, ...EngineId[]];

/** Whether a batch made by this engine is an AI redesign (false for ids no longer in the catalogue). */
export function isAiEngine(id: string): boolean {
  return Object.hasOwn(engines, id) && engines[id as EngineId].ai;
}

/** Whether a result is an AI edit: made by an AI engine, and not our own exact recolour (an algorithmic edit on any engine). */
export function isAiResult(engineId: string, mode: EditMode): boolean {
  return isAiEngine(engineId) && modeOf(mode).marking === "engine";
}

export type ReplicateModel = {
  /** Community models run by version id (pinned here); official models by name, on their latest version. */
  version?: string;
  /** The input that takes the photo; some models take a list of images. */
  imageInput: string;
  imageAsList?: boolean;
  /** How many images its list takes: the photo, then reference images (results to follow). */
  maxImages?: number;
  /** The input that takes the mask, white = edit (inpainting and erasing models). */
  maskInput?: string;
  /** It takes `seed`, so a variation can be made again. */
  seed?: boolean;
  /** It takes the prompt (an eraser does not). */
  prompt?: false;
  /** It follows instructions written as sentences (editing models), not only a list of CLIP tokens. */
  instructions?: boolean;
  /** The input that says how far it may stray from the photo, per creativity level. */
  creativity?: { input: string; values: Record<Creativity, number> };
  /** Inputs besides the photo and `prompt`; the model's defaults for the rest. */
  fixedInput: Record<string, string | number | boolean>;
  /** Long side of the photo we send, in pixels: what the model works at. */
  longSide: number;
  /** What one image costs, in USD (logged per image). */
  priceUsd: number;
};

/** Replicate models with an image input, by REPLICATE_MODEL (inputs from each model's page on replicate.com; prices: docs/engines.md). */
export const replicateModels = {
  // Realistic Vision with MLSD and segmentation ControlNets: windows, doors and walls stay. It works at 768 px
  // on the long side and scales its answer back to the size it was given.
  "adirik/interior-design": {
    version: "76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38",
    imageInput: "image",
    seed: true,
    // How much of the photo is re-noised: 0.8 is its default.
    creativity: { input: "prompt_strength", values: { subtle: 0.65, balanced: 0.8, bold: 0.9 } },
    fixedInput: {},
    longSide: 768,
    priceUsd: 0.0055,
  },
  // An instruction-editing model: the structure is kept as far as the prompt asks. 2 is the highest safety
  // tolerance allowed with an input image.
  "black-forest-labs/flux-kontext-pro": {
    imageInput: "input_image",
    seed: true,
    instructions: true,
    fixedInput: { aspect_ratio: "match_input_image", output_format: "png", safety_tolerance: 2 },
    longSide: 1024,
    priceUsd: 0.04,
  },
  // Gemini 2.5 Flash Image: 1290 output tokens per 1024-pixel image at $30 per million.
  "google/nano-banana": {
    imageInput: "image_input",
    imageAsList: true,
    // Its schema takes more; the photo and three references are what a listing needs.
    maxImages: 4,
    instructions: true,
    fixedInput: { aspect_ratio: "match_input_image", output_format: "png" },
    longSide: 1024,
    priceUsd: 0.039,
  },
} as const satisfies Record<string, ReplicateModel>;

export type ReplicateModelId = keyof typeof replicateModels;
export const replicateModelIds = Object.keys(replicateModels) as [ReplicateModelId, ...ReplicateModelId[]];

/** Replicate models for the masked modes (replicate.com/black-forest-labs/flux-fill-pro, replicate.com/bria/eraser), not offered as REPLICATE_MODEL: they need a mask. */
export const replicateEditModels = {
  // FLUX.1 Fill [pro]: inpaints inside the mask (white = edit) after the prompt. Guidance 2–5: lower blends in, higher follows the words.
  "black-forest-labs/flux-fill-pro": {
    imageInput: "image",
    maskInput: "mask",
    seed: true,
    creativity: { input: "guidance", values: { subtle: 2.5, balanced: 3, bold: 4.5 } },
    fixedInput: { steps: 50, output_format: "png", safety_tolerance: 2, prompt_upsampling: false },
    longSide: 1024,
    priceUsd: 0.05,
  },
  // Bria Eraser: fills the mask (white = erase, binarised at 50 %) with what would be behind it; no prompt.
  "bria/eraser": {
    imageInput: "image",
    maskInput: "mask",
    prompt: false,
    fixedInput: { mask_type: "manual" },
    longSide: 1024,
    priceUsd: 0.04,
  },
} as const satisfies Record<string, ReplicateModel>;

export type ReplicateEditModelId = keyof typeof replicateEditModels;

/**
 * The instruction models of Replicate, for the modes whose module asks for one (src/config/modes/): REPLICATE_MODEL
 * when it is one, else `instruction`, or `references` when there are results to follow and the model in hand
 * takes one image only. The masked modes name their inpainting or erasing model in their modules.
 */
export const replicateRoutes = {
  instruction: "black-forest-labs/flux-kontext-pro",
  references: "google/nano-banana",
} as const satisfies Record<string, ReplicateModelId | ReplicateEditModelId>;

/**
 * Real-ESRGAN at 2× (about $0.0027 and 12 s for 1.3 MP on a T4). Its GPU runs out of memory above about
 * 2.1 MP of input, so larger results are scaled down to `maxInputPixels` first.
 */
export const replicateUpscaler = {
  model: "nightmareai/real-esrgan",
  version: "42fed1c4974146d4d2414e2be2c5277c7fcf05fcc3a73abf41610695738c1d7b",
  fixedInput: { scale: 2, face_enhance: false },
  maxInputPixels: 2_000_000,
  priceUsd: 0.0027,
} as const;

export type OpenAIImageModel = {
  /** `input_fidelity: "high"` keeps more of the photo; only some models take it (OpenAI's images.edit reference). */
  inputFidelity: boolean;
  /** USD per million tokens, from the usage the answer reports; unknown prices are not logged. */
  pricePerMillion?: { textInput: number; imageInput: number; imageOutput: number };
};

/**
 * GPT image models for OPENAI_IMAGE_MODEL. Not gpt-image-1: it was shut down on 2026-10-23 (openai-node 7.57
 * docs, developers.openai.com/api/docs/models/gpt-image-1). Prices: developers.openai.com model pages.
 */
export const openaiImageModels = {
  "gpt-image-1.5": { inputFidelity: true, pricePerMillion: { textInput: 5, imageInput: 8, imageOutput: 32 } },
  // It takes only the low input fidelity, which is the default.
  "gpt-image-1-mini": { inputFidelity: false, pricePerMillion: { textInput: 2, imageInput: 2.5, imageOutput: 8 } },
  // The API says to leave input_fidelity out for it.
  "gpt-image-2": { inputFidelity: false },
} as const satisfies Record<string, OpenAIImageModel>;

export type OpenAIImageModelId = keyof typeof openaiImageModels;
export const openaiImageModelIds = Object.keys(openaiImageModels) as [OpenAIImageModelId, ...OpenAIImageModelId[]];

/** `input_fidelity` by creativity, for models that take it: high keeps the photo's details; bold lets the model stray. */
export const openaiInputFidelity: Record<Creativity, "high" | "low"> = { subtle: "high", balanced: "high", bold: "low" };

/** The sizes every GPT image model answers in; a photo is padded to the one nearest its proportions. */
export const openaiImageSizes = [
  { size: "1536x1024", width: 1536, height: 1024 },
  { size: "1024x1024", width: 1024, height: 1024 },
  { size: "1024x1536", width: 1024, height: 1536 },
] as const;
