import type { EngineId } from "../engines";
import { outdoorRoomTypes } from "../room-types";
import type { EngineEntries, ModeDefinition, UnsupportedReason } from "./mode";
import { declutter } from "./declutter";
import { facade } from "./facade";
import { garden } from "./garden";
import { material } from "./material";
import { paint } from "./paint";
import { reference } from "./reference";
import { remove } from "./remove";
import { replace } from "./replace";
import { restyle } from "./restyle";
import { sky } from "./sky";
import { stage } from "./stage";
import { twilight } from "./twilight";

/**
 * The registry of edit modes: one module per mode in this folder, listed here in the order the page shows
 * them. The request schema, the cost, the engines, the structure check, the AI marking, the design page,
 * listings and the public API read it; adding a mode is adding its module here (docs/edit-modes.md).
 */
export const modes = {
  restyle,
  stage,
  declutter,
  remove,
  replace,
  paint,
  material,
  sky,
  facade,
  garden,
  twilight,
  reference,
} as const satisfies Record<string, ModeDefinition>;

export type EditMode = keyof typeof modes;
export const editModes = Object.keys(modes) as [EditMode, ...EditMode[]];

export function isEditMode(id: string): id is EditMode {
  return Object.hasOwn(modes, id);
}

export function modeOf(id: EditMode): ModeDefinition {
  return modes[id];
}

/** Modes that make one visualization per chosen style. */
export function isStyledMode(mode: EditMode): boolean {
  return modes[mode].styled;
}

/** Modes that cannot be done without a brushed mask. */
export function isMaskedMode(mode: EditMode): boolean {
  return modes[mode].mask === "required";
}

/** Whether the mode fits photos of this room type (a facade is an exterior; a restyle an interior). */
/** A mode for outdoor photos alone (a sky, a twilight, a facade, a garden). */
export function isOutdoorMode(mode: EditMode): boolean {
  const rooms = modeOf(mode).roomTypes;
  return !!rooms && rooms.every((room) => (outdoorRoomTypes as readonly string[]).includes(room));
}

export function roomFits(mode: EditMode, roomType: string): boolean {
  const rooms = modeOf(mode).roomTypes;
  return !rooms || rooms.includes(roomType);
}

/** The styles the mode offers, with its own words for each, when it has its own list (a facade's styles); else every style. */
export function modeStyles(mode: EditMode): Readonly<Record<string, string>> | undefined {
  return modeOf(mode).styles;
}

/** How many visualizations a request makes: styles × variations in the styled modes, else the edit × variations. */
export function visualizationCount(request: { mode: EditMode; styles: readonly string[]; variations: number }): number {
  return (isStyledMode(request.mode) ? request.styles.length : 1) * request.variations;
}

/** What a request costs in tokens: each visualization its mode's tokens. */
export function tokenCost(request: { mode: EditMode; styles: readonly string[]; variations: number }): number {
  return visualizationCount(request) * modes[request.mode].tokens;
}

/** How this engine is asked for this mode, or why it cannot do it. */
export function modeSupport<E extends EngineId>(mode: string, engine: E): { ok: true; entry: EngineEntries[E] } | { ok: false; reason: UnsupportedReason | "unknownMode" } {
  if (!isEditMode(mode)) return { ok: false, reason: "unknownMode" };
  const definition: ModeDefinition = modes[mode];
  const entry = definition.engines[engine] as EngineEntries[E] | undefined;
  return entry ? { ok: true, entry } : { ok: false, reason: definition.unsupported?.[engine] ?? "needsAi" };
}

/** The modes an engine can do, in the page's order. */
export function modesOfEngine(engine: EngineId): EditMode[] {
  return editModes.filter((mode) => modeSupport(mode, engine).ok);
}

/** The modes whose result on this engine is the same whatever the seed: made in one variation only. */
export function onceModesOfEngine(engine: EngineId): EditMode[] {
  return editModes.filter((mode) => {
    const support = modeSupport(mode, engine);
    return support.ok && support.entry.once === true;
  });
}

/** Why each mode this engine cannot do is missing (the page's disabled state). */
export function unsupportedReasons(engine: EngineId): Partial<Record<EditMode, UnsupportedReason>> {
  const reasons: Partial<Record<EditMode, UnsupportedReason>> = {};
  for (const mode of editModes) {
    const support = modeSupport(mode, engine);
    if (!support.ok && support.reason !== "unknownMode") reasons[mode] = support.reason;
  }
  return reasons;
}

/** The modes a listing's Generate offers: the whole-photo ones. */
export const listingModes = editModes.filter((mode) => modes[mode].listing);

export type { ModeDefinition, EngineEntries, UnsupportedReason, PageField, PromptContext, FakeStandIn } from "./mode";
