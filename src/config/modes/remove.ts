import { byInpainting, defineMode } from "./mode";

/** A brushed region filled with what would be behind it (the local engine: a classical fill from the surroundings). */
export const remove = defineMode({
  mask: "required",
  engines: {
    local: { run: "fill", once: true },
    fake: { standIn: "fill-surroundings" },
    ...byInpainting("bria/eraser"),
  },
  page: "region",
  prompt: ({ room }) => [
    `Remove everything inside the masked area of this ${room} photo and fill it with what would be behind it: the continuation of the surrounding walls, floor, skirting and light, matching their texture, perspective and shadows.`,
    "Do not put any new object there.",
  ],
});
