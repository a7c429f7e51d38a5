import "server-only";
import { measurePalette } from "@/server/edits/measure-palette";

/**
 * The written brief of a reference photo, for every engine (those that take one image only follow it from
 * words alone): its palette measured from its pixels (the main colours, their shares, which are light and which
 * dark), and what to take from it and what not.
 */
export async function writeReferenceBrief({ image }: { image: Buffer }): Promise<string> {
  const palette = await measurePalette({ image });
  const named = palette.map((c) => `${c.hex} (${Math.round(c.share * 100)} %, ${c.lightness >= 70 ? "light" : c.lightness >= 40 ? "mid" : "dark"})`);
  return [
    "Reference photo's look, to follow in this room:",
    `palette ${named.join(", ")}, the largest light colours on the walls and the floor, the others in furniture, textiles and accents;`,
    "the same kinds of materials and finishes, and furniture of the same family (shapes, legs, upholstery, wood and metal tones);",
    "not its layout, its walls, its windows or its camera.",
  ].join(" ");
}
