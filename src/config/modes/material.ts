import { z } from "zod";
import { findFloorMaterial } from "../floor-materials";
import { byInpainting, defineMode } from "./mode";

/** A floor (or wall) material of src/config/floor-materials.ts inside the brushed region. */
export const material = defineMode({
  mask: "required",
  params: {
    material: z
      .string()
      .refine((id) => findFloorMaterial(id) !== undefined, "unknownMaterial")
      .optional(),
  },
  required: { material: "noMaterial" },
  engines: {
    fake: { standIn: "fill-material" },
    ...byInpainting("black-forest-labs/flux-fill-pro"),
  },
  page: "surfaces",
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
