import { interiorRoomTypes } from "../room-types";
import { defineMode } from "./mode";

/** An empty room furnished in a style: one visualization per chosen style. */
export const stage = defineMode({
  styled: true,
  mask: "none",
  params: {},
  tokens: 1,
  engines: {
    fake: { standIn: "lower-third" },
    replicate: { model: "instruction" },
    openai: { edit: "images.edit" },
    comfyui: { workflow: "workflow" },
  },
  structure: "photo",
  marking: "engine",
  listing: true,
  roomTypes: interiorRoomTypes,
  page: { group: "stage" },
  prompt: ({ room, furnish, style }) => [
    `Stage this empty ${room} in ${style!.prompt}.`,
    `Furnish it with ${furnish} in this style.`,
    "Add furniture and decor only: the walls, windows, doors, floor, ceiling and light stay exactly as they are, with the same colours and finishes.",
  ],
});
