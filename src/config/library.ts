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
  /** Where the photo comes from: its words are `design.libraryCredit` in messages/*.json (source and licence as written). */
  credit: LibraryCredit;
};

/** A photo from the web (its address and licence), or a picture we made: rendered in Blender or drawn procedurally. */
export type LibraryCredit = { kind: "photo"; source: string; licence: string } | { kind: "rendered" } | { kind: "procedural" };

const rendered = { kind: "rendered" } as const;
const procedural = { kind: "procedural" } as const;
const pxhere = (photo: number) => ({ kind: "photo", source: `pxhere.com/en/photo/${photo}`, licence: "CC0 1.0" }) as const;

/** In the order of roomTypes. */
export const libraryPhotos: readonly LibraryPhoto[] = [
  { id: "living-room", roomType: "living-room", file: "/library/living-room.jpg", width: 1536, height: 922, credit: pxhere(1367038) },
  { id: "dining-room", roomType: "dining-room", file: "/library/dining-room.jpg", width: 1152, height: 768, credit: rendered },
  { id: "bedroom", roomType: "bedroom", file: "/library/bedroom.jpg", width: 1536, height: 1024, credit: pxhere(607447) },
  { id: "bathroom", roomType: "bathroom", file: "/library/bathroom.jpg", width: 1152, height: 768, credit: rendered },
  { id: "office", roomType: "office", file: "/library/office.jpg", width: 1152, height: 768, credit: rendered },
  { id: "kitchen", roomType: "kitchen", file: "/library/kitchen.jpg", width: 1536, height: 864, credit: pxhere(945420) },
  { id: "terrace", roomType: "terrace", file: "/library/terrace.jpg", width: 1152, height: 768, credit: rendered },
  { id: "kids-room", roomType: "kids-room", file: "/library/kids-room.jpg", width: 1152, height: 768, credit: rendered },
  // A grey sky to replace and a facade to restyle.
  { id: "exterior", roomType: "exterior", file: "/library/exterior.jpg", width: 1536, height: 1024, credit: procedural },
  // A yard to landscape: lawn, paving, a fence, a grey sky.
  { id: "garden", roomType: "garden", file: "/library/garden.jpg", width: 1536, height: 1024, credit: procedural },
];

export function findLibraryPhoto(id: string): LibraryPhoto | undefined {
  return libraryPhotos.find((photo) => photo.id === id);
}
