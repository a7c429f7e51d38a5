#!/usr/bin/env node
/**
 * Builds public/fonts/inter-pl-wght.woff2: Inter 4 (variable, SIL OFL, from the `inter-ui` package) cut down to
 * the characters Polish and English pages use, so that one small file (about 29 KB instead of 133 KB for the
 * Latin and Latin Extended files) covers every page. The optical-size axis is pinned to text size (14) and
 * the weight axis kept from 400 to 900, the weights the interface uses (font-normal … font-black). Only the
 * OpenType features in LAYOUT_FEATURES are kept: Inter's stylistic sets and character variants (ss01–ss08,
 * cv01–cv13, …) are not used anywhere and their alternate glyphs doubled the glyph count (738 → 377 glyphs).
 *
 * Run `npm run fonts` after changing the character ranges or features; the output is committed (a unit test
 * compares it with a fresh build), so neither `npm start` nor the build needs this script. Characters outside
 * the ranges (Czech, Vietnamese, …) come from the Latin Extended file declared in app/globals.css.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import subsetFont from "subset-font";

/** [first, last] code points, inclusive. Keep in step with the unicode-range in app/globals.css. */
export const POLISH_RANGES = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1 Supplement (ó, é, ü, ×, «», nbsp …)
  [0x104, 0x107], // Ą ą Ć ć
  [0x118, 0x119], // Ę ę
  [0x141, 0x144], // Ł ł Ń ń
  [0x15a, 0x15b], // Ś ś
  [0x179, 0x17c], // Ź ź Ż ż
  [0x2010, 0x2027], // dashes, quotes („ ” ‘ ’), bullet, ellipsis
  [0x2030, 0x203a], // per mille, primes, single guillemets
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
];

/**
 * Kerning, contextual and case-sensitive forms, localized forms (Polish) and the number styles a price table
 * may ask for, plus the features shaping engines apply by default.
 */
const LAYOUT_FEATURES = ["kern", "calt", "case", "locl", "tnum", "pnum", "ccmp", "mark", "mkmk", "liga", "clig", "rlig"];

/** The characters of POLISH_RANGES as one string. */
export function polishCharacters() {
  return POLISH_RANGES.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
  ).join("");
}

/** POLISH_RANGES in CSS unicode-range syntax (U+0020-007E, U+20AC, …), as app/globals.css must declare them. */
export function polishUnicodeRange() {
  const hex = (code) => code.toString(16).toUpperCase().padStart(4, "0");
  return POLISH_RANGES.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(", ");
}

/** Where the committed subset lives. */
export const SUBSET_FILE = path.resolve(import.meta.dirname, "..", "public", "fonts", "inter-pl-wght.woff2");

/** Cuts Inter (from the `inter-ui` package) down to POLISH_RANGES and LAYOUT_FEATURES; deterministic. */
export async function buildPolishSubset() {
  const require = createRequire(import.meta.url);
  const source = path.join(path.dirname(require.resolve("inter-ui/package.json")), "variable", "InterVariable.woff2");
  return subsetFont(readFileSync(source), polishCharacters(), {
    targetFormat: "woff2",
    variationAxes: { wght: { min: 400, max: 900 }, opsz: 14 },
    keepFeatures: LAYOUT_FEATURES,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const font = await buildPolishSubset();
  writeFileSync(SUBSET_FILE, font);
  console.log(`${path.relative(process.cwd(), SUBSET_FILE)}: ${font.length} bytes, ${polishCharacters().length} characters`);
}
