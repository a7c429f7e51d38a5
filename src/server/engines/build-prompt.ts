import "server-only";
import { roomPromptNames, type RoomType } from "@/config/room-types";
import { findStyle } from "@/config/styles";

/** What each room gets furnished with, and for rooms with fixed installations, what stays where it is. */
const roomBriefs: Record<RoomType, { furnish: string; keep?: string }> = {
  "living-room": { furnish: "a sofa, armchairs, a coffee table, a rug, shelving, lamps, curtains and decor" },
  "dining-room": { furnish: "a dining table with chairs, a pendant light above the table, a sideboard, a rug and decor" },
  bedroom: { furnish: "a bed with bedding, bedside tables and lamps, a wardrobe or dresser, a rug, curtains and decor" },
  bathroom: {
    furnish: "a vanity with a basin, a mirror, wall and floor tiles, towels, lighting and accessories",
    keep: "the bath, shower, toilet and basin in their places, as the plumbing is there",
  },
  office: { furnish: "a desk, an ergonomic chair, shelving and storage, task lighting, plants and decor" },
  kitchen: {
    furnish: "cabinet fronts, worktops, a splashback, handles, lighting and decor",
    keep: "the cabinet layout, the sink, the hob and the appliances in their places",
  },
  terrace: {
    furnish: "outdoor seating, a table, planters with plants, an outdoor rug and lighting",
    keep: "the railings, the facade and the view as they are",
  },
  "kids-room": { furnish: "a child's bed, toy storage, a small desk or play area, a soft rug and playful, child-safe decor" },
};

/**
 * The prompt for one room type and style, for image-to-image and editing models (adirik/interior-design,
 * FLUX Kontext, gpt-image-1). The room and the style come first: CLIP-based models read only about the first
 * 77 tokens, and those keep the structure through their masks and ControlNets anyway, while the instruction
 * models, which read everything, need the sentence about keeping the architecture and the camera.
 */
export function buildPrompt({ roomType, styleId }: { roomType: RoomType; styleId: string }): string {
  const style = findStyle(styleId);
  if (!style) throw new RangeError(`Unknown style: ${styleId}`);
  const room = roomPromptNames[roomType];
  const { furnish, keep } = roomBriefs[roomType];
  return [
    `Redesign this ${room} in ${style.prompt}.`,
    `Furnish it with ${furnish} in this style, and restyle the wall colours, finishes, textiles and light fittings to match.`,
    "Keep the architecture exactly as in the photo: the same walls, windows, doors, ceiling, floor plan and room geometry, seen from the same camera position, angle and focal length.",
    "Do not add, move or remove walls, windows or doors, and do not crop, zoom or change the perspective.",
    keep ? `Keep ${keep}.` : "",
    "Photorealistic interior photograph, natural daylight, high detail.",
  ]
    .filter(Boolean)
    .join(" ");
}
