import "server-only";
import { measureLook, type Look, type MaterialKind } from "@/server/edits/measure-look";
import { measurePalette } from "@/server/edits/measure-palette";

/** How each material the look finds is named to the engines. */
const materialWords: Record<MaterialKind, string> = {
  wood: "wood with a visible grain (floors, furniture or panelling)",
  stone: "neutral, finely textured surfaces such as stone, concrete or a coarse weave",
  greenery: "green plants",
};

/**
 * The written brief of a reference photo, for every engine (those that take one image only follow it from
 * words alone), from what its pixels measure: its palette (the main colours, their shares, which are light and
 * which dark), its light (brightness, contrast, colour temperature) and the materials its textures suggest
 * (measureLook), and what to take from it and what not.
 */
export async function writeReferenceBrief({ image }: { image: Buffer }): Promise<string> {
  const [palette, look] = await Promise.all([measurePalette({ image }), measureLook({ image })]);
  const named = palette.map((c) => `${c.hex} (${Math.round(c.share * 100)} %, ${c.lightness >= 70 ? "light" : c.lightness >= 40 ? "mid" : "dark"})`);
  return [
    "Reference photo's look, to follow in this room:",
    `palette ${named.join(", ")}, the largest light colours on the walls and the floor, the others in furniture, textiles and accents;`,
    `${lightWords(look)};`,
    `${surfaceWords(look)};`,
    "the same kinds of materials and finishes, and furniture of the same family (shapes, legs, upholstery, wood and metal tones);",
    "not its layout, its walls, its windows or its camera.",
  ].join(" ");
}

/** Brightness: mean CIELAB L; contrast: its standard deviation; warmth: mean b* (yellow +, blue −). */
function lightWords(look: Look): string {
  const brightness = look.brightness >= 65 ? "bright and airy" : look.brightness >= 45 ? "medium-bright" : "dim and moody";
  const contrast = look.contrast < 15 ? "soft, low contrast" : look.contrast < 25 ? "moderate contrast" : "strong contrast between lights and darks";
  const warmth = look.warmth > 8 ? "a warm, yellowish colour temperature" : look.warmth < 0 ? "a cool, bluish colour temperature" : "a neutral colour temperature";
  return `light ${brightness} (lightness ${Math.round(look.brightness)} of 100), ${contrast}, ${warmth}`;
}

function surfaceWords(look: Look): string {
  if (look.materials.length === 0) return "surfaces mostly plain and smooth";
  return `surfaces: ${look.materials.map((m) => `${materialWords[m.kind]} on about ${Math.round(m.share * 100)} % of it`).join(", ")}`;
}
