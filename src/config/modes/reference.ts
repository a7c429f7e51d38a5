import { z } from "zod";
import { interiorRoomTypes } from "../room-types";
import { byInstruction, defineMode } from "./mode";

/**
 * A style from a reference photo: the person uploads a photo of a room they like (as any photo is uploaded), and
 * the room takes its palette, materials and furniture family, not its layout. The engines that take reference
 * images get the photo with the request; every engine gets a written brief measured from its pixels (its
 * palette), so the ones that take one image only follow it too. Usable as a listing's one design.
 */
export const reference = defineMode({
  // The id of the person's uploaded photo (an image of kind "upload", theirs and within its hour).
  params: { reference: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "noReference") },
  required: { reference: "noReference" },
  referencePhoto: "reference",
  engines: {
    fake: { standIn: "reference" },
    ...byInstruction,
  },
  listing: true,
  roomTypes: interiorRoomTypes,
  page: { group: "reference", fields: [{ field: "reference", kind: "photo" }] },
  prompt: ({ room, furnish }) => [
    `Redesign this ${room} in the look of the reference photo: its colour palette, its materials and finishes, and its family of furniture and decor.`,
    `Furnish it with ${furnish} of that family; take nothing of the reference's layout, walls, windows or camera, which stay this photo's own.`,
  ],
});
