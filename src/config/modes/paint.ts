import { hexColorSchema } from "./fields";
import { defineMode } from "./mode";

/**
 * Walls (or any brushed surface) in an exact colour: our own deterministic recolour on every engine
 * (src/server/edits/recolor-region.ts), no engine called, the same result whatever the seed.
 */
export const paint = defineMode({
  styled: false,
  mask: "required",
  params: { color: hexColorSchema.optional() },
  required: { color: "noColor" },
  tokens: 1,
  engines: {
    local: { run: "own", once: true },
    fake: { standIn: "own", once: true },
    replicate: { model: "own", once: true },
    openai: { edit: "own", once: true },
    comfyui: { workflow: "own", once: true },
  },
  structure: "outside-mask",
  marking: "algorithmic",
  listing: false,
  page: { group: "surfaces" },
});
