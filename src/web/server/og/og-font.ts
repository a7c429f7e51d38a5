import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The font of the Open Graph images: Inter, as on the pages, in two static weights. The images are drawn
 * by satori, which reads TrueType but not the site's woff2, and which asks Google Fonts for any character
 * its fonts lack; so the fonts are TrueType cuts of the `inter-ui` package (build-og-fonts.ts, committed),
 * and text is kept to the characters they hold (renderableText), so no image ever waits on the network.
 */
export const OG_FONT_WEIGHTS = [400, 700] as const;

/** [first, last] code points, inclusive: Latin with every Central European letter, and typographic punctuation. */
export const OG_FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0x17f], // Latin-1 Supplement and Latin Extended-A (ą ć ę ł ń ó ś ź ż, č ř š ž …)
  [0x2010, 0x2027], // dashes, quotes („ ” ‘ ’), bullet, ellipsis
  [0x2030, 0x203a], // per mille, primes, single guillemets
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
];

export function ogFontFile(weight: (typeof OG_FONT_WEIGHTS)[number]): string {
  return path.join(process.cwd(), "src/web/server/og/fonts", `inter-${weight}.ttf`);
}

export type OgFont = { name: string; data: ArrayBuffer; weight: (typeof OG_FONT_WEIGHTS)[number]; style: "normal" };

let fonts: Promise<OgFont[]> | undefined;

/** The fonts for ImageResponse, read once. */
export function loadOgFonts(): Promise<OgFont[]> {
  fonts ??= Promise.all(
    OG_FONT_WEIGHTS.map(async (weight) => {
      const file = await readFile(ogFontFile(weight));
      return { name: "Inter", data: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer, weight, style: "normal" as const };
    }),
  );
  return fonts;
}

/** `text` without the characters the fonts lack (an emoji, CJK), which satori would fetch from Google. */
export function renderableText(text: string): string {
  return Array.from(text)
    .filter((character) => {
      const code = character.codePointAt(0)!;
      return OG_FONT_RANGES.some(([first, last]) => code >= first && code <= last);
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}
