import { hexColorSchema } from "./fields";
import { defineMode, ownOnEveryEngine } from "./mode";

/**
 * Walls (or any brushed surface) in an exact colour: our own deterministic recolour on every engine
 * (src/server/edits/recolor-region.ts), no engine called, the same result whatever the seed.
 */
export const paint = defineMode({
  mask: "required",
  params: { color: hexColorSchema.optional() },
  required: { color: "noColor" },
  engines: ownOnEveryEngine,
  marking: "algorithmic",
  page: "surfaces",
});
