import type { RoomType } from "./room-types";

/**
 * The example-photo library: one room photo per room type, shipped under public/library/ and offered
 * to people who have no photo of their own at hand. Built by scripts/library/build-library.mjs
 * (credits and how each image was made: public/library/CREDITS.md).
 */
export type LibraryPhoto = {
  /** Stable id (the room type's id). */
  id: string;
  roomType: RoomType;
  /** Public URL; the file is at path.join(process.cwd(), "public", file). */
  file: string;
  width: number;
  height: number;
  /** Short attribution to show with the photo. */
  credit: string;
};

const rendered = "Rendered in Blender for Aranżer";

/** In the order of roomTypes. */
export const libraryPhotos: readonly LibraryPhoto[] = [
  { id: "living-room", roomType: "living-room", file: "/library/living-room.jpg", width: 1536, height: 922, credit: "Photo: pxhere.com/en/photo/1367038 (CC0 1.0)" },
  { id: "dining-room", roomType: "dining-room", file: "/library/dining-room.jpg", width: 1152, height: 768, credit: rendered },
  { id: "bedroom", roomType: "bedroom", file: "/library/bedroom.jpg", width: 1536, height: 1024, credit: "Photo: pxhere.com/en/photo/607447 (CC0 1.0)" },
  { id: "bathroom", roomType: "bathroom", file: "/library/bathroom.jpg", width: 1152, height: 768, credit: rendered },
  { id: "office", roomType: "office", file: "/library/office.jpg", width: 1152, height: 768, credit: rendered },
  { id: "kitchen", roomType: "kitchen", file: "/library/kitchen.jpg", width: 1536, height: 864, credit: "Photo: pxhere.com/en/photo/945420 (CC0 1.0)" },
  { id: "terrace", roomType: "terrace", file: "/library/terrace.jpg", width: 1152, height: 768, credit: rendered },
  { id: "kids-room", roomType: "kids-room", file: "/library/kids-room.jpg", width: 1152, height: 768, credit: rendered },
  // A grey sky to replace and a facade to restyle.
  { id: "exterior", roomType: "exterior", file: "/library/exterior.jpg", width: 1536, height: 1024, credit: "Drawn procedurally for Aranżer" },
  // A yard to landscape: lawn, paving, a fence, a grey sky.
  { id: "garden", roomType: "garden", file: "/library/garden.jpg", width: 1536, height: 1024, credit: "Drawn procedurally for Aranżer" },
];

export function findLibraryPhoto(id: string): LibraryPhoto | undefined {
  return libraryPhotos.find((photo) => photo.id === id);
}
