import "server-only";
import { DEFAULT_CREATIVITY, INSTRUCTION_MAX_CHARS, modeOf, type Creativity } from "@/config/edit-modes";
import { ownWords } from "@/config/modes/mode";
import { roomPromptNames, type RoomType } from "@/config/room-types";
import { findStyle } from "@/config/styles";
import type { EngineEdit } from "./engine";

/** What each room gets furnished with, and for rooms with fixed installations, what stays where it is. */
const roomBriefs: Record<RoomType, { furnish: string; keep?: string; outdoor?: true }> = {
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
  exterior: {
    furnish: "cladding or render, the colour of the walls, window frames, a front door, gutters, outdoor lights and planting by the entrance",
    keep: "the building's shape, roof line, windows and doors in their places",
    outdoor: true,
  },
  garden: {
    furnish: "a lawn, planting beds with shrubs, grasses and perennials, paving and a path, garden furniture and outdoor lighting",
    keep: "the house, fences, walls and the plot's boundaries as they are",
    outdoor: true,
  },
};

/** Said in every mode: the structure is what a listing must not misrepresent. */
const STRUCTURE = [
  "Keep the architecture exactly as in the photo: the same walls, windows, doors, ceiling, floor plan and room geometry, seen from the same camera position, angle and focal length.",
  "Do not add, move or remove walls, windows or doors, and do not crop, zoom or change the perspective.",
].join(" ");

const PHOTOREAL = "Photorealistic interior photograph, natural daylight, high detail.";
const PHOTOREAL_OUTDOOR = "Photorealistic exterior photograph, natural daylight, high detail.";

/** How far the engine may stray, in words (engines with a strength input also get it as a number). */
const creativityWords: Record<Creativity, string> = {
  subtle: "Make subtle changes only: stay close to the photo's colours, materials and light wherever the task allows.",
  balanced: "",
  bold: "Be bold: distinctive colours, materials and statement pieces are welcome, within the same architecture.",
};

/** A prompt's edit: the engine's, without the mask. */
export type PromptEdit = Omit<EngineEdit, "mask">;

export type PromptOptions = {
  roomType: RoomType;
  edit: PromptEdit;
  creativity?: Creativity;
  /** The person's own words: quoted as theirs, cut to INSTRUCTION_MAX_CHARS. */
  instruction?: string;
};

/**
 * The prompt for one edit of one room, for image-to-image, editing and inpainting models (adirik/interior-design,
 * FLUX Kontext and Fill, GPT image). What to do comes first: CLIP-based models read only about the first 77
 * tokens, and those keep the structure through their masks and ControlNets anyway, while the instruction
 * models, which read everything, need the sentences about keeping the architecture and the camera, which every
 * mode ends with, after the person's own words. `{ roomType, styleId }` is a restyle.
 */
export function buildPrompt(options: PromptOptions | { roomType: RoomType; styleId: string }): string {
  const { roomType, edit, creativity = DEFAULT_CREATIVITY, instruction } =
    "edit" in options ? options : { roomType: options.roomType, edit: { mode: "restyle" as const, styleId: options.styleId } };
  const room = roomPromptNames[roomType];
  const { furnish, keep, outdoor } = roomBriefs[roomType];
  const fixtures = keep ? `Keep ${keep}.` : "";
  const mode = modeOf(edit.mode);
  if (!mode.prompt) throw new RangeError(`No prompt asks for ${edit.mode}`);
  const own = mode.styles && edit.styleId ? mode.styles[edit.styleId] : undefined;
  const style = mode.styled ? (own ? { prompt: own } : styleOf(edit.styleId ?? "")) : undefined;
  const params = Object.fromEntries(Object.entries(edit).filter(([key]) => key !== "mode" && key !== "styleId"));
  const task = mode.prompt({ room, furnish, style, params });
  const words = instruction ? ownWords(instruction, INSTRUCTION_MAX_CHARS) : "";
  return [
    ...task,
    creativityWords[creativity],
    words ? `The person also asks, in their own words: "${words}".` : "",
    STRUCTURE,
    fixtures,
    outdoor ? PHOTOREAL_OUTDOOR : PHOTOREAL,
  ]
    .filter(Boolean)
    .join(" ");
}

function styleOf(styleId: string) {
  const style = findStyle(styleId);
  if (!style) throw new RangeError(`Unknown style: ${styleId}`);
  return style;
}
