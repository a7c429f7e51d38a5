/**
 * What a person can ask of a photo, as data read by the design page, the request schema, the engines and the
 * worker. Names are under `modes.*` in messages/*.json.
 *
 * - restyle / stage: one visualization per chosen style (and per variation).
 * - declutter: empty the room of movable things, keeping what the person lists.
 * - remove / replace: inside a brushed mask (white = edit), fill with what is behind it, or with the text.
 * - paint: an exact colour inside the mask, made by our own deterministic recolour on every engine.
 * - material: a floor (or wall) material inside the mask, made by an AI engine.
 */
export const editModes = ["restyle", "stage", "declutter", "remove", "replace", "paint", "material"] as const;
export type EditMode = (typeof editModes)[number];

/** Modes whose visualizations are one per chosen style. */
export const styledModes = ["restyle", "stage"] as const satisfies readonly EditMode[];
/** Modes that need a mask painted over the photo. */
export const maskedModes = ["remove", "replace", "paint", "material"] as const satisfies readonly EditMode[];

export function isStyledMode(mode: EditMode): mode is (typeof styledModes)[number] {
  return (styledModes as readonly EditMode[]).includes(mode);
}
/** How many visualizations (and tokens) a request makes: styles × variations, or the edit × variations. */
export function visualizationCount(request: { mode: EditMode; styles: readonly string[]; variations: number }): number {
  return (isStyledMode(request.mode) ? request.styles.length : 1) * request.variations;
}
export function isMaskedMode(mode: EditMode): mode is (typeof maskedModes)[number] {
  return (maskedModes as readonly EditMode[]).includes(mode);
}

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
