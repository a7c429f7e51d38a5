import "server-only";
import { modeOf, type EditMode } from "@/config/edit-modes";
import { decodeRaw } from "@/server/edits/decode-raw";
import { findSky } from "@/server/edits/find-sky";
import { AppError } from "@/server/errors";

/**
 * What the mode needs the photo to show (its module's `photoNeeds`), checked before anything is spent: a sky
 * mode on a photo without a sky is INVALID_INPUT with the reason `noSky`. A brushed mask stands in for it.
 */
export async function checkPhotoForMode(options: { mode: EditMode; photo: () => Promise<Buffer | null>; brushed: boolean }): Promise<void> {
  if (options.brushed) return;
  if (!(await photoShowsWhatModeNeeds(options))) throw new AppError("INVALID_INPUT", { field: "source", reason: "noSky" });
}

/** Whether the photo shows what the mode needs (true for a mode that needs nothing, or a photo that cannot be read: its job says why). */
export async function photoShowsWhatModeNeeds(options: { mode: EditMode; photo: () => Promise<Buffer | null> }): Promise<boolean> {
  if (!modeOf(options.mode).photoNeeds) return true;
  const bytes = await options.photo();
  if (!bytes) return true;
  return findSky({ image: await decodeRaw({ image: bytes }) }) !== null;
}
