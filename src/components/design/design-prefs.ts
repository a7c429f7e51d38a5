import type { EditMode } from "@/config/edit-modes";
import { roomTypes, type RoomType } from "@/config/room-types";
import type { EditParams } from "@/schemas/edit-params";
import type { ImageChoice } from "./choice";
import { capTexts, defaultModeSettings, editModeOf, fieldParams, pageModeEdits, pageModes, type ModeSettings } from "./mode-settings";

/** Where the design page keeps what the person chose last (this browser only; nothing personal). */
const KEY = "aranzer.design";

/** The chosen photo by reference: a library photo's id, or one of the person's own images (found again in the gallery while it lives). */
export type SavedPhoto = { type: "library" | "image"; id: string };
type Saved = { settings: Partial<ModeSettings>; roomType: RoomType | null; styles: string[]; photo?: SavedPhoto | null };

/** Variations multiply the cost: every visit starts at one, so nobody pays double for a choice made days ago. */
const notRemembered: ReadonlySet<keyof ModeSettings> = new Set(["variations"]);

/** The mode, its settings (but the number of variations), the room type, the styles and the photo chosen last, as far as they are still valid here. */
export function readDesignPrefs(knownStyles: ReadonlySet<string>, available: readonly EditMode[]): Saved | null {
  try {
    const raw = JSON.parse(window.localStorage.getItem(KEY) ?? "null") as Partial<Saved> | null;
    if (!raw || typeof raw !== "object") return null;
    const settings: Partial<ModeSettings> = {};
    const saved = (raw.settings ?? {}) as Partial<ModeSettings>;
    if (typeof saved.mode === "string" && pageModes.includes(saved.mode) && (pageModeEdits[saved.mode] ?? []).some((mode) => available.includes(mode))) settings.mode = saved.mode;
    for (const key of Object.keys(defaultModeSettings) as (keyof ModeSettings)[]) {
      if (key !== "mode" && !notRemembered.has(key) && typeof saved[key] === typeof defaultModeSettings[key]) Object.assign(settings, { [key]: saved[key] });
    }
    // A choice within a mode that this engine cannot make (kept from an AI engine's day) is back at its default.
    if (settings.regionAction !== undefined && !available.includes(settings.regionAction)) delete settings.regionAction;
    if (settings.surfaceKind !== undefined && !available.includes(settings.surfaceKind)) delete settings.surfaceKind;
    const roomType = roomTypes.find((room) => room === raw.roomType) ?? null;
    const styles = Array.isArray(raw.styles) ? raw.styles.filter((id): id is string => typeof id === "string" && knownStyles.has(id)) : [];
    const photo = raw.photo && (raw.photo.type === "library" || raw.photo.type === "image") && typeof raw.photo.id === "string" ? { type: raw.photo.type, id: raw.photo.id } : null;
    return { settings: capTexts(settings), roomType, styles, photo };
  } catch {
    return null;
  }
}

export function writeDesignPrefs(saved: Saved): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Private mode or a full store: the choice is simply not remembered.
  }
}

/** The request's parameters for the chosen mode: only what that mode reads. */
export function paramsOf(settings: ModeSettings, mode: EditMode = editModeOf(settings)): EditParams {
  const params: EditParams = { creativity: settings.creativity, instruction: settings.instruction.trim() || undefined };
  if (mode === "declutter") Object.assign(params, { scope: settings.scope, keep: settings.keep.trim() || undefined });
  if (mode === "replace") params.text = settings.replaceText.trim();
  if (mode === "paint") params.color = `#${settings.color.trim().replace("#", "").toUpperCase()}`;
  if (mode === "material") params.material = settings.material;
  return Object.assign(params, fieldParams(settings, mode));
}

export function savedPhotoOf(choice: ImageChoice | null): SavedPhoto | null {
  if (!choice) return null;
  return choice.type === "image" ? { type: "image", id: choice.image.id } : { type: "library", id: choice.photo.id };
}

/** The chosen photo as the mask editor draws over it: its address and its size. */
export function maskPhoto(choice: ImageChoice): { imageUrl: string; width: number; height: number } {
  return choice.type === "image" ? { imageUrl: choice.image.url, width: choice.image.width, height: choice.image.height } : { imageUrl: choice.photo.file, width: choice.photo.width, height: choice.photo.height };
}
