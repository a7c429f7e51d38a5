import "server-only";
import { findStyle } from "@/config/styles";

/**
 * The brief every photo of a listing gets in one style: the palette, the materials and the furniture family,
 * in words an instruction model follows. Written from the style's own look, so the same style gives the same
 * brief; the listing keeps the text it got first, so a later change here does not split an existing listing.
 */
export function writeStyleBrief(styleId: string): string {
  const style = findStyle(styleId);
  if (!style) throw new RangeError(`Unknown style: ${styleId}`);
  const { palette, warmth } = style.look;
  const temperature = warmth > 0.15 ? "warm" : warmth < -0.15 ? "cool" : "neutral";
  return [
    `One flat, one design: every room of this property is furnished in ${style.prompt}.`,
    `Palette: shadows ${palette.shadow}, highlights ${palette.highlight}, ${temperature} light; the same wall colours and the same floor in every room.`,
    "Materials: the same woods, metals and textiles throughout, repeated from room to room.",
    "Furniture family: pieces from one collection, the same legs, handles and upholstery in every room.",
  ].join(" ");
}
