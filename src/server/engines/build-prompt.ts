import "server-only";
import { DEFAULT_CREATIVITY, INSTRUCTION_MAX_CHARS, KEEP_LIST_MAX_CHARS, REPLACE_TEXT_MAX_CHARS, type Creativity, type DeclutterScope } from "@/config/edit-modes";
import { findFloorMaterial } from "@/config/floor-materials";
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

/** Said in every mode: the structure is what a listing must not misrepresent. */
const STRUCTURE = [
  "Keep the architecture exactly as in the photo: the same walls, windows, doors, ceiling, floor plan and room geometry, seen from the same camera position, angle and focal length.",
  "Do not add, move or remove walls, windows or doors, and do not crop, zoom or change the perspective.",
].join(" ");

const PHOTOREAL = "Photorealistic interior photograph, natural daylight, high detail.";

/** How far the engine may stray, in words (engines with a strength input also get it as a number). */
const creativityWords: Record<Creativity, string> = {
  subtle: "Make subtle changes only: stay close to the photo's colours, materials and light wherever the task allows.",
  balanced: "",
  bold: "Be bold: distinctive colours, materials and statement pieces are welcome, within the same architecture.",
};

/** What each scope of decluttering takes away. */
const declutterScopeWords: Record<DeclutterScope, string> = {
  furniture: "Remove the free-standing furniture: sofas, armchairs, chairs, tables, beds, desks, cabinets and shelving. Leave rugs, curtains, lamps, pictures, plants and decor where they are.",
  "furniture-and-decor": "Remove the furniture and the decor: sofas, chairs, tables, beds, cabinets, shelving, rugs, pictures, plants, lamps, cushions and ornaments. Leave curtains and blinds.",
  everything: "Remove everything movable: furniture, decor, rugs, curtains, lamps, pictures, plants, boxes, clothes and clutter, leaving the room completely empty.",
};

/** What stays in every declutter: it is part of the flat, not of the person's belongings. */
const BUILT_INS = "Built-ins stay: fitted kitchen units and wardrobes, radiators, fireplaces, built-in lighting, sockets and switches, the bath, shower, toilet and basin.";

/** A prompt's edit: the engine's, without the mask. */
export type PromptEdit =
  | { mode: "restyle"; styleId: string }
  | { mode: "stage"; styleId: string }
  | { mode: "declutter"; scope: DeclutterScope; keep?: string }
  | { mode: "remove" }
  | { mode: "replace"; text: string }
  | { mode: "material"; material: string };

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
  const { furnish, keep } = roomBriefs[roomType];
  const fixtures = keep ? `Keep ${keep}.` : "";
  let task: string[];
  switch (edit.mode) {
    case "restyle": {
      const style = styleOf(edit.styleId);
      task = [
        `Redesign this ${room} in ${style.prompt}.`,
        `Furnish it with ${furnish} in this style, and restyle the wall colours, finishes, textiles and light fittings to match.`,
      ];
      break;
    }
    case "stage": {
      const style = styleOf(edit.styleId);
      task = [
        `Stage this empty ${room} in ${style.prompt}.`,
        `Furnish it with ${furnish} in this style.`,
        "Add furniture and decor only: the walls, windows, doors, floor, ceiling and light stay exactly as they are, with the same colours and finishes.",
      ];
      break;
    }
    case "declutter": {
      const kept = edit.keep ? ownWords(edit.keep, KEEP_LIST_MAX_CHARS) : "";
      task = [
        `Declutter this ${room}.`,
        declutterScopeWords[edit.scope],
        kept ? `Keep what the person asked to keep, in their own words: "${kept}".` : "",
        BUILT_INS,
        "Where something was taken away, show the floor and walls that were behind it, with the same materials, light and shadows.",
      ];
      break;
    }
    case "remove":
      task = [
        `Remove everything inside the masked area of this ${room} photo and fill it with what would be behind it: the continuation of the surrounding walls, floor, skirting and light, matching their texture, perspective and shadows.`,
        "Do not put any new object there.",
      ];
      break;
    case "replace":
      task = [
        `In this ${room} photo, replace what is inside the masked area with: ${ownWords(edit.text, REPLACE_TEXT_MAX_CHARS)}.`,
        "Give it a realistic size for the room, and match the photo's perspective, light and shadows.",
      ];
      break;
    case "material": {
      const material = findFloorMaterial(edit.material);
      if (!material) throw new RangeError(`Unknown material: ${edit.material}`);
      const surface = material.surfaces.length === 1 ? material.surfaces[0] : "surface";
      task = [
        `In this ${room} photo, cover the ${surface} inside the masked area with ${material.prompt}.`,
        "Lay it in the room's perspective, with the photo's light, shadows and reflections on it, and change nothing else.",
      ];
      break;
    }
  }
  const words = instruction ? ownWords(instruction, INSTRUCTION_MAX_CHARS) : "";
  return [
    ...task,
    creativityWords[creativity],
    words ? `The person also asks, in their own words: "${words}".` : "",
    STRUCTURE,
    fixtures,
    PHOTOREAL,
  ]
    .filter(Boolean)
    .join(" ");
}

function styleOf(styleId: string) {
  const style = findStyle(styleId);
  if (!style) throw new RangeError(`Unknown style: ${styleId}`);
  return style;
}

/** The person's words on one line, without double quotes that would end the quotation, cut to `max` characters. */
function ownWords(text: string, max: number): string {
  return [...text.replace(/["\u201c\u201d\u201e]/g, "'").replace(/\s+/g, " ").trim()].slice(0, max).join("").trim();
}
