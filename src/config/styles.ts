/**
 * The interior styles a visualization can be made in. Names and one-line descriptions are user-facing text,
 * under `styles.<id>` in messages/*.json; here is what the engines need: the prompt fragment for the AI
 * engines, and the look with which the local engine (no AI) makes its preview. Thumbnails are rendered from
 * the looks by scripts/style-thumbnails.ts, and made again by `npm run showcase` with an AI engine.
 */
import { styleCardSrc } from "./showcase";

/** Textures the local engine lays over the photo; generated from the style's id, so the same every time. */
export type TextureKind = "grain" | "linen" | "paper" | "plaster";

/** How the local engine restyles a photo for a style; colours are "#rrggbb". */
export type StyleLook = {
  /**
   * Duotone: the photo's luminance mapped from the shadow colour to the highlight colour, mixed into the
   * photo's own colours by `amount` (0 keeps the photo, 1 is the duotone alone).
   */
  palette: { shadow: string; highlight: string; amount: number };
  /** 0 is grey, 1 keeps the photo's saturation, above 1 boosts it. */
  saturation: number;
  /** Colour grade from -1 (cool, bluer) to 1 (warm, redder). */
  warmth: number;
  /** Midtone exponent: above 1 darkens the midtones, below 1 lifts them (0.5..2). */
  gamma: number;
  /** Contrast around mid-grey: 1 keeps it. */
  contrast: number;
  /** Added to every channel, in 0..255 steps. */
  brightness: number;
  /** strength 0..1: how far the texture pushes light and shade (soft-light blend). */
  texture: { kind: TextureKind; strength: number };
  /** Edges fade towards the colour; strength is its opacity in the corners (0..1). */
  vignette: { colour: string; strength: number };
};

export type Style = {
  id: string;
  /** English, for the AI engines; starts with the style's name so even prompts cut short keep it. */
  prompt: string;
  look: StyleLook;
  /** Public path of the style's picture in the style picker. */
  thumbnail: string;
};

function style<const Id extends string>(id: Id, prompt: string, look: StyleLook): Style & { id: Id } {
  return { id, prompt, look, thumbnail: styleCardSrc(id) };
}

// The picker shows them in this order: the widely known styles first, then period, regional and niche ones.
export const styles = [
  style(
    "modern",
    "modern style: clean lines, neutral grey and white palette, sleek low-profile sofa, glass and matte black metal accents, uncluttered surfaces, recessed and linear lighting",
    {
      palette: { shadow: "#1a2230", highlight: "#eef3f8", amount: 0.3 },
      saturation: 0.85, warmth: -0.25, gamma: 1.05, contrast: 1.22, brightness: -4,
      texture: { kind: "grain", strength: 0.04 },
      vignette: { colour: "#000000", strength: 0.2 },
    },
  ),
  style(
    "contemporary",
    "contemporary style: current-trend furnishings with soft curves, greige and warm taupe palette, mixed textures of boucle, wood and stone, a statement pendant light",
    {
      palette: { shadow: "#2b2520", highlight: "#f2e4d4", amount: 0.4 },
      saturation: 0.9, warmth: 0.15, gamma: 1, contrast: 1.1, brightness: 0,
      texture: { kind: "linen", strength: 0.05 },
      vignette: { colour: "#2b2520", strength: 0.15 },
    },
  ),
  style(
    "minimalist",
    "minimalist style: very few carefully chosen pieces, white and soft beige palette, handleless hidden storage, calm empty surfaces, plenty of daylight",
    {
      palette: { shadow: "#6a6a68", highlight: "#ffffff", amount: 0.35 },
      saturation: 0.5, warmth: 0, gamma: 0.8, contrast: 0.8, brightness: 14,
      texture: { kind: "grain", strength: 0.02 },
      vignette: { colour: "#ffffff", strength: 0.12 },
    },
  ),
  style(
    "scandinavian",
    "Scandinavian style: light oak floors and furniture, white walls, wool throws and sheepskin, simple functional pieces, pale grey and soft blue accents, cosy hygge lighting",
    {
      palette: { shadow: "#3d4f5c", highlight: "#f4f8fb", amount: 0.35 },
      saturation: 0.8, warmth: -0.15, gamma: 0.85, contrast: 0.9, brightness: 8,
      texture: { kind: "linen", strength: 0.07 },
      vignette: { colour: "#f4f8fb", strength: 0.12 },
    },
  ),
  style(
    "japandi",
    "Japandi style: low solid-wood furniture, muted earth tones of sand, clay and charcoal, paper lanterns, linen upholstery, ceramics, Japanese calm with Nordic function",
    {
      palette: { shadow: "#3b3128", highlight: "#ecdfca", amount: 0.5 },
      saturation: 0.6, warmth: 0.25, gamma: 1, contrast: 0.95, brightness: 0,
      texture: { kind: "paper", strength: 0.06 },
      vignette: { colour: "#3b3128", strength: 0.2 },
    },
  ),
  style(
    "industrial",
    "industrial style: exposed brick and raw concrete, black steel frames, Edison bulb pendants, worn leather seating, reclaimed wood, visible pipes and ducts",
    {
      palette: { shadow: "#101418", highlight: "#c2c9cf", amount: 0.55 },
      saturation: 0.4, warmth: -0.4, gamma: 1.25, contrast: 1.3, brightness: -12,
      texture: { kind: "grain", strength: 0.18 },
      vignette: { colour: "#000000", strength: 0.45 },
    },
  ),
  style(
    "loft",
    "loft style: open plan feel, red brick wall, polished concrete floor, tall black-framed glazing, oversized sofa, vintage factory lamps, large modern art",
    {
      palette: { shadow: "#3a160c", highlight: "#e8cdbd", amount: 0.5 },
      saturation: 0.9, warmth: 0.35, gamma: 1.15, contrast: 1.35, brightness: -6,
      texture: { kind: "plaster", strength: 0.08 },
      vignette: { colour: "#1a0c08", strength: 0.4 },
    },
  ),
  style(
    "mid-century-modern",
    "mid-century modern style: walnut furniture on tapered legs, iconic 1950s and 1960s chairs, mustard, teal and burnt orange accents, sunburst mirror, globe lamps",
    {
      palette: { shadow: "#15393c", highlight: "#f5d57e", amount: 0.5 },
      saturation: 1.15, warmth: 0.3, gamma: 1.05, contrast: 1.1, brightness: -2,
      texture: { kind: "grain", strength: 0.08 },
      vignette: { colour: "#15393c", strength: 0.25 },
    },
  ),
  style(
    "boho",
    "boho style: layered patterned rugs and textiles, rattan and wicker furniture, macrame, many plants, floor cushions, warm terracotta, ochre and cream palette",
    {
      palette: { shadow: "#50230f", highlight: "#fbd9b6", amount: 0.5 },
      saturation: 1.2, warmth: 0.5, gamma: 0.95, contrast: 1, brightness: 6,
      texture: { kind: "linen", strength: 0.1 },
      vignette: { colour: "#50230f", strength: 0.25 },
    },
  ),
  style(
    "glamour",
    "glamour style: velvet tufted upholstery, mirrored and high-gloss furniture, gold and crystal accents, crystal chandelier, blush pink, white and black palette",
    {
      palette: { shadow: "#3a1030", highlight: "#ffd8e0", amount: 0.5 },
      saturation: 1.15, warmth: 0.15, gamma: 1.05, contrast: 1.3, brightness: 6,
      texture: { kind: "grain", strength: 0.03 },
      vignette: { colour: "#3a1030", strength: 0.3 },
    },
  ),
  style(
    "art-deco",
    "Art Deco style: bold geometric patterns, brass and gold inlays, emerald and sapphire velvet, black lacquer, fan and sunburst motifs, marble surfaces",
    {
      palette: { shadow: "#06281d", highlight: "#e8c97a", amount: 0.6 },
      saturation: 1.15, warmth: 0.2, gamma: 1.25, contrast: 1.35, brightness: -12,
      texture: { kind: "grain", strength: 0.05 },
      vignette: { colour: "#03140e", strength: 0.5 },
    },
  ),
  style(
    "modern-classic",
    "modern classic style: classic wall mouldings and panelling with modern furniture, cream, light grey and navy palette, marble, brushed brass, elegant symmetrical layout",
    {
      palette: { shadow: "#252a3a", highlight: "#f6f2ec", amount: 0.35 },
      saturation: 0.75, warmth: 0.0, gamma: 0.95, contrast: 1.05, brightness: 6,
      texture: { kind: "linen", strength: 0.05 },
      vignette: { colour: "#252a3a", strength: 0.15 },
    },
  ),
  style(
    "classic",
    "classic style: dark polished wood, symmetrical arrangement, crown mouldings, damask and floral fabrics, upholstered wingback chairs, burgundy and gold accents, table lamps",
    {
      palette: { shadow: "#3a0c12", highlight: "#f2d2a8", amount: 0.55 },
      saturation: 1.05, warmth: 0.4, gamma: 1.25, contrast: 1.3, brightness: -12,
      texture: { kind: "paper", strength: 0.06 },
      vignette: { colour: "#1c0606", strength: 0.5 },
    },
  ),
  style(
    "rustic",
    "rustic style: rough-hewn timber beams, natural stone, reclaimed wood furniture, wrought iron, chunky knitted and woollen textiles, warm earthy browns",
    {
      palette: { shadow: "#33230f", highlight: "#e6cfa4", amount: 0.55 },
      saturation: 0.85, warmth: 0.4, gamma: 1.15, contrast: 1.05, brightness: -4,
      texture: { kind: "plaster", strength: 0.1 },
      vignette: { colour: "#2f2115", strength: 0.35 },
    },
  ),
  style(
    "provencal",
    "Provencal French country style: whitewashed and painted wood, curved cabriole legs, toile and gingham fabrics, lavender, cream and soft sage palette, dried flowers",
    {
      palette: { shadow: "#4c3a78", highlight: "#faf0ff", amount: 0.5 },
      saturation: 0.85, warmth: 0.0, gamma: 0.85, contrast: 0.9, brightness: 8,
      texture: { kind: "linen", strength: 0.08 },
      vignette: { colour: "#faf0ff", strength: 0.15 },
    },
  ),
  style(
    "shabby-chic",
    "shabby chic style: distressed white painted furniture, faded pastel florals, vintage lace and ruffles, rose and powder pink accents, romantic softness",
    {
      palette: { shadow: "#80505e", highlight: "#ffeaea", amount: 0.55 },
      saturation: 0.7, warmth: 0.1, gamma: 0.8, contrast: 0.8, brightness: 14,
      texture: { kind: "paper", strength: 0.06 },
      vignette: { colour: "#ffeaea", strength: 0.25 },
    },
  ),
  style(
    "hamptons",
    "Hamptons style: airy coastal elegance, white shaker panelling, navy and white striped textiles, linen slipcovered sofas, rattan, natural oak, brass lanterns",
    {
      palette: { shadow: "#102345", highlight: "#f4f8ff", amount: 0.5 },
      saturation: 0.95, warmth: -0.3, gamma: 0.95, contrast: 1.12, brightness: 2,
      texture: { kind: "linen", strength: 0.05 },
      vignette: { colour: "#102345", strength: 0.2 },
    },
  ),
  style(
    "mediterranean",
    "Mediterranean style: white lime plaster, terracotta tiles, arches, wrought iron, patterned ceramic tiles, azure blue and ochre accents, olive trees in pots",
    {
      palette: { shadow: "#08387e", highlight: "#fbf0dc", amount: 0.6 },
      saturation: 1.3, warmth: -0.05, gamma: 1.15, contrast: 1.25, brightness: -4,
      texture: { kind: "plaster", strength: 0.07 },
      vignette: { colour: "#08387e", strength: 0.3 },
    },
  ),
  style(
    "zen",
    "Japanese zen style: tatami textures, shoji screens, low seating close to the floor, bonsai and stones, sage and stone palette, strict simplicity and balance",
    {
      palette: { shadow: "#3a443b", highlight: "#e8ece2", amount: 0.55 },
      saturation: 0.45, warmth: 0, gamma: 0.95, contrast: 0.85, brightness: 0,
      texture: { kind: "paper", strength: 0.05 },
      vignette: { colour: "#3a443b", strength: 0.2 },
    },
  ),
  style(
    "wabi-sabi",
    "wabi-sabi style: raw lime plaster walls, handmade ceramics, weathered wood, imperfect natural materials, linen in clay, oat and stone tones, quiet earthy mood",
    {
      palette: { shadow: "#4c3f33", highlight: "#ddd0bd", amount: 0.6 },
      saturation: 0.4, warmth: 0.15, gamma: 1.1, contrast: 0.85, brightness: -6,
      texture: { kind: "plaster", strength: 0.1 },
      vignette: { colour: "#4c3f33", strength: 0.25 },
    },
  ),
  style(
    "tropical",
    "tropical style: lush palms and banana leaf plants, rattan and bamboo furniture, botanical prints, fresh green and sunny yellow accents, airy resort feel",
    {
      palette: { shadow: "#0a4029", highlight: "#fff5b8", amount: 0.45 },
      saturation: 1.4, warmth: 0.2, gamma: 0.9, contrast: 1.1, brightness: 4,
      texture: { kind: "grain", strength: 0.04 },
      vignette: { colour: "#0a4029", strength: 0.15 },
    },
  ),
  style(
    "urban-jungle",
    "urban jungle biophilic style: abundant indoor plants and hanging greenery, a living wall, natural wood and stone, deep green walls, jute and linen, daylight emphasis",
    {
      palette: { shadow: "#08200f", highlight: "#c6e2b6", amount: 0.55 },
      saturation: 1.1, warmth: -0.05, gamma: 1.25, contrast: 1.15, brightness: -14,
      texture: { kind: "paper", strength: 0.05 },
      vignette: { colour: "#08200f", strength: 0.45 },
    },
  ),
  style(
    "cottagecore",
    "cottagecore style: floral fabrics, painted wood, open shelving with handmade pottery, dried herbs, patchwork quilts, soft sage, rose and cream palette, cosy handmade charm",
    {
      palette: { shadow: "#4a5a2c", highlight: "#f8eed2", amount: 0.5 },
      saturation: 0.95, warmth: 0.25, gamma: 0.95, contrast: 0.95, brightness: 2,
      texture: { kind: "linen", strength: 0.1 },
      vignette: { colour: "#4a5a2c", strength: 0.3 },
    },
  ),
  style(
    "eclectic",
    "eclectic style: bold colour combinations, mixed patterns, gallery wall of art, collected vintage and modern pieces side by side, layered rugs, jewel tones",
    {
      palette: { shadow: "#4a1060", highlight: "#ffc890", amount: 0.5 },
      saturation: 1.5, warmth: 0.1, gamma: 1, contrast: 1.25, brightness: 0,
      texture: { kind: "grain", strength: 0.06 },
      vignette: { colour: "#4a1060", strength: 0.3 },
    },
  ),
  style(
    "art-nouveau",
    "Art Nouveau style: flowing organic curves, floral and vine motifs, stained glass, carved dark wood, olive green, gold and peacock blue palette, decorative tiles",
    {
      palette: { shadow: "#25401a", highlight: "#e6d8a0", amount: 0.55 },
      saturation: 0.95, warmth: 0.2, gamma: 1.15, contrast: 1.08, brightness: -8,
      texture: { kind: "paper", strength: 0.07 },
      vignette: { colour: "#25401a", strength: 0.4 },
    },
  ),
  style(
    "bauhaus",
    "Bauhaus style: functional geometric furniture, tubular chrome steel chairs, primary red, yellow and blue accents on white, black details, no ornament",
    {
      palette: { shadow: "#0c0c0c", highlight: "#f7f3e8", amount: 0.2 },
      saturation: 1.45, warmth: 0, gamma: 1, contrast: 1.42, brightness: 0,
      texture: { kind: "grain", strength: 0.03 },
      vignette: { colour: "#000000", strength: 0.1 },
    },
  ),
  style(
    "prl-vintage",
    "Polish 1960s-1970s vintage style: modular wall unit in veneer, shell armchairs, patterned wall-to-wall carpet, Cepelia folk textiles, orange and brown palette, ceramic vases",
    {
      palette: { shadow: "#27403a", highlight: "#f4c27e", amount: 0.55 },
      saturation: 0.7, warmth: 0.45, gamma: 0.9, contrast: 0.8, brightness: 6,
      texture: { kind: "grain", strength: 0.22 },
      vignette: { colour: "#2a1d12", strength: 0.4 },
    },
  ),
  style(
    "polish-manor",
    "Polish country manor style: dark wood antique furniture, tiled stove, lace curtains, oil paintings in gilded frames, cream walls, forest green and burgundy accents",
    {
      palette: { shadow: "#16261a", highlight: "#efe4c9", amount: 0.5 },
      saturation: 0.85, warmth: 0.25, gamma: 1.1, contrast: 1.08, brightness: -6,
      texture: { kind: "linen", strength: 0.07 },
      vignette: { colour: "#16261a", strength: 0.4 },
    },
  ),
  style(
    "chalet",
    "Polish highlander mountain chalet style: honey-coloured log and pine panelling, carved wooden details, wool blankets and sheepskins, stone fireplace, red and cream folk textiles",
    {
      palette: { shadow: "#2e1504", highlight: "#f8c77c", amount: 0.55 },
      saturation: 1.05, warmth: 0.55, gamma: 1.1, contrast: 1.12, brightness: -2,
      texture: { kind: "plaster", strength: 0.08 },
      vignette: { colour: "#2e1504", strength: 0.35 },
    },
  ),
  style(
    "organic-modern",
    "organic modern style: rounded sculptural silhouettes, travertine and light wood, cream boucle, linen, soft natural light, warm neutral palette with plants",
    {
      palette: { shadow: "#553f2a", highlight: "#fcecd8", amount: 0.45 },
      saturation: 0.75, warmth: 0.35, gamma: 0.88, contrast: 0.9, brightness: 8,
      texture: { kind: "paper", strength: 0.05 },
      vignette: { colour: "#553f2a", strength: 0.15 },
    },
  ),
] as const;

export type StyleId = (typeof styles)[number]["id"];

export const styleIds = styles.map((s) => s.id) as readonly StyleId[];

const byId = new Map<string, Style>(styles.map((s) => [s.id, s]));

/** undefined for an id not in the catalogue (ids come from requests and stored rows). */
export function findStyle(id: string): Style | undefined {
  return byId.get(id);
}
