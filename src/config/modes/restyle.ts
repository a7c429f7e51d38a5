import { interiorRoomTypes } from "../room-types";
import { defineMode } from "./mode";

/** The room in another style, keeping walls, windows, doors and the camera: one visualization per chosen style. */
export const restyle = defineMode({
  styled: true,
  engines: {
    local: { run: "restyle" },
    fake: { standIn: "restyle" },
    replicate: { model: "configured" },
    openai: { edit: "images.edit" },
    comfyui: { workflow: "workflow" },
  },
  listing: true,
  roomTypes: interiorRoomTypes,
  page: "restyle",
  prompt: ({ room, furnish, style }) => [
    `Redesign this ${room} in ${style!.prompt}.`,
    `Furnish it with ${furnish} in this style, and restyle the wall colours, finishes, textiles and light fittings to match.`,
  ],
});
