import { floorMaterialIds } from "./floor-materials";
import { KEEP_LIST_MAX_CHARS, REPLACE_TEXT_MAX_CHARS } from "./modes/limits";
import type { EditMode } from "./modes";

/**
 * The MCP server's tool for each edit mode, as data: its name, title and description for AI clients (English),
 * and a description of each of the mode's own parameters. Everything else about a tool's input (styles, mask,
 * room types, which parameters are required, variations) and its cost is read from the mode's module
 * (src/config/modes/), so a new mode needs only its entry here (the type asks for it).
 */
export type ModeTool = {
  name: string;
  title: string;
  description: string;
  /** The mode's own parameters (its module's `params`), described for the client. */
  params?: Readonly<Record<string, string>>;
};

export const modeTools = {
  restyle: { name: "restyle", title: "Restyle a room", description: "Redesigns a furnished room in an interior style, keeping its walls, windows and doors." },
  stage: { name: "stage", title: "Stage an empty room", description: "Furnishes an empty room in an interior style (virtual staging), keeping its architecture." },
  declutter: {
    name: "declutter",
    title: "Declutter a room",
    description: "Takes things out of the room: loose items, furniture and decor, or everything movable.",
    params: { scope: "How much to take out.", keep: `Things to keep, in words (up to ${KEEP_LIST_MAX_CHARS} characters).` },
  },
  remove: {
    name: "remove_object",
    title: "Remove something from a photo",
    description: "Removes what the mask covers (white = remove) and fills the place with what would be behind it: the continuing walls, floor and light.",
  },
  replace: {
    name: "replace_object",
    title: "Replace something in a photo",
    description: "Puts what you describe where the mask is white (e.g. a green velvet armchair in place of the sofa), in the photo's perspective and light.",
    params: { text: `What to put there, in words (up to ${REPLACE_TEXT_MAX_CHARS} characters), e.g. "a green velvet armchair".` },
  },
  paint: {
    name: "paint_wall",
    title: "Paint a wall an exact colour",
    description: "Recolours the painted area (the mask: white where the wall is) to an exact #RRGGBB colour, keeping light and shadow. Our own exact recolour, not an AI guess.",
    params: { color: "The colour as #RRGGBB, e.g. #2E5E4E." },
  },
  material: {
    name: "lay_material",
    title: "Lay a floor or wall material",
    description: "Covers the masked floor or wall (white = cover) with a material from our catalogue, laid in the room's perspective and light.",
    params: { material: `The material, one of: ${floorMaterialIds.join(", ")}.` },
  },
  sky: {
    name: "sky",
    title: "Replace a grey sky",
    description:
      "Replaces the grey or blown-out sky of an outdoor photo with a clear, a lightly clouded or a sunset sky, and relights the rest to match. A photo without a visible sky is refused before anything is spent; a mask (white = sky) tells where the sky is if it is not found on its own.",
    params: { sky: "The new sky." },
  },
  facade: {
    name: "facade",
    title: "Restyle a house's facade",
    description: "Gives a house's exterior another style: cladding or render, wall colour, window frames and door, keeping its shape, roof line, windows and plot.",
  },
  garden: {
    name: "garden",
    title: "Landscape a garden or terrace",
    description: "Landscapes a yard, terrace or balcony in a garden style: lawn, planting, paving, furniture and lights, keeping the house, fences and boundaries.",
  },
  twilight: {
    name: "twilight",
    title: "Turn a daytime exterior into twilight",
    description: "Turns a daytime photo of a house, garden or terrace into a twilight shot: a deep blue sky, warm light in the windows, outdoor lamps on.",
  },
  reference: {
    name: "style_from_photo",
    title: "Redesign a room in the look of another photo",
    description: "Redesigns a room in the look of a reference photo of another room: its colour palette, materials and furniture family, not its layout, walls or windows.",
    params: { reference: "The reference photo whose look to follow: an https:// address we can download, or the id of a photo uploaded with POST /api/v1/images (within its hour)." },
  },
} as const satisfies Record<EditMode, ModeTool>;
