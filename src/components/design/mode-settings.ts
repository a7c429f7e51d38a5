import {
  INSTRUCTION_MAX_CHARS,
  KEEP_LIST_MAX_CHARS,
  REPLACE_TEXT_MAX_CHARS,
  type Creativity,
  type DeclutterScope,
  type EditMode,
} from "@/config/edit-modes";
import { editModes, isEditMode, modeOf, modes, type PageField } from "@/config/modes";
import { floorMaterials, type FloorMaterialId } from "@/config/floor-materials";

/* What the mode controls of the design page and a listing hold, and what they send: state, no React. */

/**
 * The modes as the page offers them, read from the registry (src/config/modes/): one radio per mode, except the
 * groups whose bespoke panel picks among their modes (a region is removed or replaced, a surface painted or covered).
 */
export const pageModes: readonly string[] = [...new Set(editModes.map((mode) => modes[mode].page.group))];
export type PageMode = string;
export type RegionAction = "remove" | "replace";
export type SurfaceKind = "paint" | "material";

/** The engine modes a page mode stands for. */
export const pageModeEdits: Record<PageMode, readonly EditMode[]> = Object.fromEntries(pageModes.map((group) => [group, editModes.filter((mode) => modes[mode].page.group === group)]));

/** The page modes a listing's Generate offers: those whose modes are all whole-photo ones. */
export const listingPageModes = pageModes.filter((group) => pageModeEdits[group]!.every((mode) => modes[mode].listing));

/** The fields a mode asks for generically (its module's page.fields). */
export function pageFieldsOf(mode: EditMode): readonly PageField[] {
  return modeOf(mode).page.fields ?? [];
}

export type ModeSettings = {
  mode: PageMode;
  regionAction: RegionAction;
  surfaceKind: SurfaceKind;
  scope: DeclutterScope;
  keep: string;
  replaceText: string;
  color: string;
  material: FloorMaterialId;
  instruction: string;
  creativity: Creativity;
  variations: number;
  /** The values of the generic fields (pageFieldsOf), by mode and field. */
  fields: Record<string, string>;
};

export const defaultModeSettings: ModeSettings = {
  mode: "restyle",
  regionAction: "remove",
  surfaceKind: "paint",
  scope: "furniture",
  keep: "",
  replaceText: "",
  color: "#2E5E4E",
  material: floorMaterials[0].id,
  instruction: "",
  creativity: "balanced",
  variations: 1,
  fields: {},
};

/** The engine mode the settings ask for. */
export function editModeOf(settings: ModeSettings): EditMode {
  if (settings.mode === "region") return settings.regionAction;
  if (settings.mode === "surfaces") return settings.surfaceKind;
  return pageModeEdits[settings.mode]?.[0] ?? "restyle";
}

/** A generic field's value: what the person chose, else its default (an empty text). */
export function fieldValue(settings: ModeSettings, mode: EditMode, field: PageField): string {
  return settings.fields[`${mode}.${field.field}`] ?? (field.kind === "choice" ? field.default : "");
}

/** The generic fields' values a request sends (the empty ones left out), by parameter name. */
export function fieldParams(settings: ModeSettings, mode: EditMode): Record<string, string> {
  const params: Record<string, string> = {};
  for (const field of pageFieldsOf(mode)) {
    const value = fieldValue(settings, mode, field).trim();
    if (value) params[field.field] = value;
  }
  return params;
}

export type TextField = "instruction" | "keep" | "replaceText";
export const textFieldLimits: Record<TextField, number> = { instruction: INSTRUCTION_MAX_CHARS, keep: KEEP_LIST_MAX_CHARS, replaceText: REPLACE_TEXT_MAX_CHARS };

/**
 * How many characters a text field takes: twice its limit. More than the limit, so a pasted text is not cut at
 * the limit unseen (the field says by how much it is too long, and Generate waits); bounded, because every
 * keystroke hands the whole text back to the field, to the page's state and to the remembered choices.
 */
export function textCap(max: number): number {
  return max * 2;
}

/** Remembered settings with no text longer than its field takes (a text kept from before the cap, or edited by hand). */
export function capTexts(settings: Partial<ModeSettings>): Partial<ModeSettings> {
  const capped = { ...settings };
  for (const field of Object.keys(textFieldLimits) as TextField[]) {
    const value = capped[field];
    if (typeof value === "string") capped[field] = value.slice(0, textCap(textFieldLimits[field]));
  }
  if (capped.fields) {
    capped.fields = Object.fromEntries(
      Object.entries(capped.fields).map(([key, value]) => {
        const [mode, name] = key.split(".");
        const field = mode && isEditMode(mode) ? pageFieldsOf(mode).find((f) => f.field === name) : undefined;
        return [key, field?.kind === "text" && typeof value === "string" ? value.slice(0, textCap(field.max)) : value];
      }),
    );
  }
  return capped;
}

/** The person's texts that the chosen mode sends and that are longer than allowed: they say by how much, and Generate waits. */
export function textsTooLong(settings: ModeSettings): TextField[] {
  const mode = editModeOf(settings);
  const sent: TextField[] = ["instruction", ...(mode === "declutter" ? (["keep"] as const) : []), ...(mode === "replace" ? (["replaceText"] as const) : [])];
  return sent.filter((field) => settings[field].length > textFieldLimits[field]);
}
