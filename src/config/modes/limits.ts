/** How much of the room declutter takes away. */
export const declutterScopes = ["furniture", "furniture-and-decor", "everything"] as const;
export type DeclutterScope = (typeof declutterScopes)[number];

/** How far an engine may stray from the photo; mapped per engine (prompt strength, denoise, input fidelity, wording). */
export const creativityLevels = ["subtle", "balanced", "bold"] as const;
export type Creativity = (typeof creativityLevels)[number];
export const DEFAULT_CREATIVITY: Creativity = "balanced";

/** The person's own words, in every mode. */
export const INSTRUCTION_MAX_CHARS = 300;
/** Replace's text ("a green velvet armchair"). */
export const REPLACE_TEXT_MAX_CHARS = 120;
/** Declutter's keep list ("the sofa and the piano"). */
export const KEEP_LIST_MAX_CHARS = 200;
/** Variations per style (or per edit): each its own visualization, token and seed. */
export const MAX_VARIATIONS = 4;
