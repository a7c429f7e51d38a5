import { z } from "zod";
import { findFloorMaterial } from "../floor-materials";
import { defineMode } from "./mode";

/** A floor (or wall) material of src/config/floor-materials.ts inside the brushed region. */
export const material = defineMode({
  styled: false,
  mask: "required",
  params: {
    material: z
      .string()
      .refine((id) => findFloorMaterial(id) !== undefined, "unknownMaterial")
      .optional(),
  },
  required: { material: "noMaterial" },
  tokens: 1,
  engines: {
    fake: { standIn: "fill-material" },
    replicate: { model: "black-forest-labs/flux-fill-pro" },
    openai: { edit: "images.edit" },
    comfyui: { workflow: "inpaint" },
  },
  structure: "outside-mask",
  marking: "engine",
  listing: false,
  page: { group: "surfaces" },
  prompt: ({ room, params }) => {
    const found = findFloorMaterial(String(params.material ?? ""));
    if (!found) throw new RangeError(`Unknown material: ${String(params.material)}`);
    const surface = found.surfaces.length === 1 ? found.surfaces[0] : "surface";
    return [
      `In this ${room} photo, cover the ${surface} inside the masked area with ${found.prompt}.`,
      "Lay it in the room's perspective, with the photo's light, shadows and reflections on it, and change nothing else.",
    ];
  },
});
