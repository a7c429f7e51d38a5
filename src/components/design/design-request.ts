import { isMaskedMode, isStyledMode, modeOf, modeStyles, roomFits, tokenCost, type EditMode } from "@/config/edit-modes";
import type { RoomType } from "@/config/room-types";
import type { ImageChoice } from "./choice";
import type { Missing } from "./design-summary";
import { editModeOf, fieldValue, pageFieldsOf, textsTooLong, type ModeSettings } from "./mode-settings";

/** What the person chose on the design page. */
export interface DesignChoices {
  choice: ImageChoice | null;
  roomType: RoomType | null;
  styles: readonly string[];
  settings: ModeSettings;
  /** Whether the mask editor has anything marked. */
  maskMarked: boolean;
}

/** What the configured engine reads (the page's props). */
export interface EngineTraits {
  followsWords: boolean;
  sameEveryTime: readonly EditMode[];
}

/** What Generate would send and cost, and what is still missing before it can. */
export function designRequest(choices: DesignChoices, engine: EngineTraits) {
  const { choice, roomType, styles, settings, maskMarked } = choices;
  const editMode = editModeOf(settings);
  // An exact colour is our own recolour: no engine reads words or creativity for it.
  const ownRecolour = editMode === "paint";
  // An instruction kept from an AI engine's day (or from another mode) is not sent where nothing reads it, nor holds Generate.
  const sent = engine.followsWords && !ownRecolour ? settings : { ...settings, instruction: "" };
  const styled = isStyledMode(editMode);
  const masked = isMaskedMode(editMode);
  // A mask the mode takes as a correction of what it finds itself (the sky): sent only when something is painted.
  const brushable = masked || modeOf(editMode).mask === "optional";
  const oneVariation = engine.sameEveryTime.includes(editMode);
  const variations = oneVariation ? 1 : settings.variations;
  // A mode with styles of its own (a facade's) offers and sends only those.
  const ownStyles = modeStyles(editMode);
  const chosenStyles = styled ? styles.filter((id) => !ownStyles || Object.hasOwn(ownStyles, id)) : [];
  const cost = tokenCost({ mode: editMode, styles: chosenStyles, variations });
  const missing: Missing[] = [
    ...(choice ? [] : ["image" as const]),
    ...(roomType ? [] : ["room" as const]),
    ...(roomType && !roomFits(editMode, roomType) ? ["roomForMode" as const] : []),
    ...(styled && chosenStyles.length === 0 ? ["styles" as const] : []),
    ...(masked && !maskMarked ? ["mask" as const] : []),
    ...(editMode === "replace" && !settings.replaceText.trim() ? ["replaceText" as const] : []),
    ...(editMode === "paint" && !/^#?[0-9a-fA-F]{6}$/.test(settings.color.trim()) ? ["color" as const] : []),
    // A photo the mode follows (a reference) not uploaded yet.
    ...(pageFieldsOf(editMode).some((field) => field.kind === "photo" && !fieldValue(sent, editMode, field)) ? ["photo" as const] : []),
    ...textsTooLong(sent).map((field) => `${field}TooLong` as const),
  ];
  // The room types this mode takes (null: any), named when the chosen one does not fit.
  const fittingRooms = modeOf(editMode).roomTypes ?? null;
  return { editMode, ownRecolour, sent, styled, masked, brushable, oneVariation, variations, ownStyles, chosenStyles, cost, missing, fittingRooms, ready: missing.length === 0 };
}

export type DesignRequest = ReturnType<typeof designRequest>;
