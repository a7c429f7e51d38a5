/**
 * Floor and wall materials the "walls and floors" mode offers for an AI engine to lay inside the mask. Names
 * are under `materials.<id>` in messages/*.json; here is what the engines need: the English prompt fragment
 * and the surfaces it suits. `swatch` is the material's typical colour: the picker's chip, and what the fake
 * engine fills the mask with, so tests can tell which material it was asked for.
 */
export type MaterialSurface = "floor" | "wall";

export type FloorMaterial = {
  id: string;
  /** English, for the AI engines: what the surface is covered with, with its texture and finish. */
  prompt: string;
  surfaces: readonly MaterialSurface[];
  /** "#rrggbb". */
  swatch: string;
};

function material<const Id extends string>(id: Id, prompt: string, surfaces: readonly MaterialSurface[], swatch: string): FloorMaterial & { id: Id } {
  return { id, prompt, surfaces, swatch };
}

export const floorMaterials = [
  material("oak-planks", "natural oak wide plank flooring with visible grain and a matte oiled finish", ["floor"], "#b08a5a"),
  material("herringbone-parquet", "light oak herringbone parquet with fine joints and a satin finish", ["floor"], "#c29a66"),
  material("dark-walnut", "dark walnut plank flooring with rich brown grain and a satin finish", ["floor"], "#5a3e2b"),
  material("polished-concrete", "seamless polished concrete with soft grey tones and a subtle sheen", ["floor", "wall"], "#9a9a96"),
  material("microcement", "smooth light grey microcement with a soft trowelled texture, matte", ["floor", "wall"], "#bdb8b0"),
  material("terrazzo", "white terrazzo with small grey, black and terracotta stone chips, polished", ["floor", "wall"], "#e4ded6"),
  material("large-tiles", "large-format light grey porcelain tiles, 120 by 60 cm, with thin joints, matte", ["floor", "wall"], "#c8c6c2"),
  material("marble-tiles", "white Carrara marble tiles with soft grey veining, polished", ["floor", "wall"], "#eeece8"),
  material("checkerboard-tiles", "black and white checkerboard ceramic floor tiles, classic and glossy", ["floor"], "#808080"),
  material("terracotta-tiles", "warm terracotta hexagonal floor tiles with handmade variation", ["floor"], "#b5653e"),
  material("carpet", "wall-to-wall soft beige carpet with a fine, even pile", ["floor"], "#cbbba0"),
  material("vinyl-planks", "light grey wood-look vinyl planks with a realistic grain", ["floor"], "#a9a39a"),
  material("brick", "exposed red brick with light mortar joints", ["wall"], "#9c4f3a"),
  material("wood-panelling", "vertical natural oak slat wall panelling", ["wall"], "#a37b4f"),
  material("subway-tiles", "white glossy subway tiles in a brick bond with light grey grout", ["wall"], "#f2f2ef"),
] as const satisfies readonly FloorMaterial[];

export type FloorMaterialId = (typeof floorMaterials)[number]["id"];
export const floorMaterialIds = floorMaterials.map((m) => m.id) as [FloorMaterialId, ...FloorMaterialId[]];

export function findFloorMaterial(id: string): FloorMaterial | undefined {
  return floorMaterials.find((m) => m.id === id);
}
