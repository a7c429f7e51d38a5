/**
 * Named wall colours offered next to a free #RRGGBB value in the walls-and-floors mode; the recolour makes
 * the painted area's mean exactly this colour. Names are under `paintColors.<id>` in messages/*.json.
 */
export const paintColors = [
  { id: "warm-white", hex: "#F3EFE6" },
  { id: "cool-white", hex: "#F2F4F5" },
  { id: "ivory", hex: "#EFE6D2" },
  { id: "cream", hex: "#F1E3C6" },
  { id: "light-grey", hex: "#D9D9D6" },
  { id: "greige", hex: "#C9BFB0" },
  { id: "warm-grey", hex: "#A89F94" },
  { id: "graphite", hex: "#4A4D50" },
  { id: "anthracite", hex: "#2F3133" },
  { id: "beige", hex: "#D8C3A5" },
  { id: "sand", hex: "#CDB891" },
  { id: "terracotta", hex: "#C0643F" },
  { id: "blush-pink", hex: "#E8C4BE" },
  { id: "dusty-rose", hex: "#C48F8A" },
  { id: "mustard", hex: "#D1A23A" },
  { id: "sage-green", hex: "#A3B09A" },
  { id: "olive", hex: "#7B7B4E" },
  { id: "bottle-green", hex: "#2E5E4E" },
  { id: "mint", hex: "#BFE0CF" },
  { id: "sky-blue", hex: "#BCD3E3" },
  { id: "denim-blue", hex: "#5B7A99" },
  { id: "navy", hex: "#1F2F4F" },
  { id: "petrol", hex: "#1F5662" },
  { id: "lavender", hex: "#C7C0DA" },
] as const satisfies readonly { id: string; hex: `#${string}` }[];

export type PaintColorId = (typeof paintColors)[number]["id"];

/** A free colour as the person may type it. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export function findPaintColor(id: string): (typeof paintColors)[number] | undefined {
  return paintColors.find((color) => color.id === id);
}
