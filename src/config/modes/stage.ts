import { interiorRoomTypes } from "../room-types";
import { byInstruction, defineMode } from "./mode";

/** An empty room furnished in a style: one visualization per chosen style. */
export const stage = defineMode({
  styled: true,
  engines: {
    fake: { standIn: "lower-third" },
    ...byInstruction,
  },
  listing: true,
  roomTypes: interiorRoomTypes,
  page: "stage",
  prompt: ({ room, furnish, style }) => [
    `Stage this empty ${room} in ${style!.prompt}.`,
    `Furnish it with ${furnish} in this style.`,
    "Add furniture and decor only: the walls, windows, doors, floor, ceiling and light stay exactly as they are, with the same colours and finishes.",
  ],
});
