import type { EditMode } from "./edit-modes";
/**
 * The generation engines GENERATION_PROVIDER may name, and the models of the hosted ones, as data: read by the
 * environment check (which names are valid), by the engines (inputs, sizes, prices) and by the pages (whether
 * a batch's results are AI redesigns or previews). Prices and timings: README "Providers", which cites them.
 */

/**
 * An engine that is not AI gets its results labelled as previews made without AI. `modes` are what the design
 * page offers with it (src/config/edit-modes.ts); `paint` is our own exact recolour, so every engine has it.
 */
export const engines = {
  local: { ai: false, modes: ["restyle", "paint", "remove"] },
  fake: { ai: false, modes: ["restyle", "stage", "declutter", "remove", "replace", "paint", "material"] },
  replicate: { ai: true, modes: ["restyle", "stage", "declutter", "remove", "replace", "paint", "material"] },
  openai: { ai: true, modes: ["restyle", "stage", "declutter", "remove", "replace", "paint", "material"] },
  comfyui: { ai: true, modes: ["restyle", "stage", "declutter", "remove", "replace", "paint", "material"] },
} as const satisfies Record<string, { ai: boolean; modes: readonly EditMode[] }>;

/** The modes an engine can do (none for ids no longer in the catalogue). */
export function engineModes(id: string): readonly EditMode[] {
  return Object.hasOwn(engines, id) ? engines[id as EngineId].modes : [];
}

export type EngineId = keyof typeof engines;
export const engineIds = Object.keys(engines) as [EngineId, ...EngineId[]];

/** Whether a batch made by this engine is an AI redesign (false for ids no longer in the catalogue). */
export function isAiEngine(id: string): boolean {
  return Object.hasOwn(engines, id) && engines[id as EngineId].ai;
}

export type ReplicateModel = {
  /** Community models run by version id (pinned here); official models by name, on their latest version. */
  version?: string;
  /** The input that takes the photo; some models take a list of images. */
  imageInput: string;
  imageAsList?: boolean;
  /** Inputs besides the photo and `prompt`; the model's defaults for the rest. */
  fixedInput: Record<string, string | number | boolean>;
  /** Long side of the photo we send, in pixels: what the model works at. */
  longSide: number;
  /** What one image costs, in USD (logged per image). */
  priceUsd: number;
};

/** Replicate models with an image input, by REPLICATE_MODEL (apis.md §1.5; prices product-landscape.md §d). */
export const replicateModels = {
  // Realistic Vision with MLSD and segmentation ControlNets: windows, doors and walls stay. It works at 768 px
  // on the long side and scales its answer back to the size it was given.
  "adirik/interior-design": {
    version: "76604baddc85b1b4616e1c6475eca080da339c8875bd4996705440484a6eac38",
    imageInput: "image",
    fixedInput: {},
    longSide: 768,
    priceUsd: 0.0055,
  },
  // An instruction-editing model: the structure is kept as far as the prompt asks. 2 is the highest safety
  // tolerance allowed with an input image.
  "black-forest-labs/flux-kontext-pro": {
    imageInput: "input_image",
    fixedInput: { aspect_ratio: "match_input_image", output_format: "png", safety_tolerance: 2 },
    longSide: 1024,
    priceUsd: 0.04,
  },
  // Gemini 2.5 Flash Image: 1290 output tokens per 1024-pixel image at $30 per million.
  "google/nano-banana": {
    imageInput: "image_input",
    imageAsList: true,
    fixedInput: { aspect_ratio: "match_input_image", output_format: "png" },
    longSide: 1024,
    priceUsd: 0.039,
  },
} as const satisfies Record<string, ReplicateModel>;

export type ReplicateModelId = keyof typeof replicateModels;
export const replicateModelIds = Object.keys(replicateModels) as [ReplicateModelId, ...ReplicateModelId[]];

export type OpenAIImageModel = {
  /** `input_fidelity: "high"` keeps more of the photo; only some models take it (apis.md §2). */
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
