import { isEditMode, modeOf } from "./modes";
import { interiorRoomTypes } from "./room-types";

/**
 * What the structure check's sentence says was kept (messages `generation.structure.*`, `verify.structure*`):
 * a room's walls, windows and doors; a building's lines; or, outdoors, the photo's lines (a garden has no walls).
 */
export type StructureSubject = "room" | "building" | "outdoor";

/**
 * The subject of a result's structure sentence: from the photo's room type where it is known (a house's
 * exterior, a garden), else from what its mode is made for (a facade is a building; garden design, a sky or a
 * twilight an outdoor photo); a room otherwise.
 */
export function structureSubject(options: { roomType?: string | null; mode?: string | null }): StructureSubject {
  if (options.roomType === "exterior") return "building";
  if (options.roomType === "garden") return "outdoor";
  const rooms = options.mode && isEditMode(options.mode) ? modeOf(options.mode).roomTypes : undefined;
  if (!rooms) return "room";
  if (rooms.every((room) => room === "exterior")) return "building";
  // A terrace is one of the rooms, but a mode made for terraces and the outdoors alike speaks of the outdoors.
  const indoors = rooms.some((room) => room !== "terrace" && (interiorRoomTypes as readonly string[]).includes(room));
  return indoors ? "room" : "outdoor";
}
