/**
 * Builds src/web/server/og/fonts/inter-{400,700}.ttf: Inter 4 (SIL OFL, from the `inter-ui` package, as the
 * site's own font) pinned to one weight and to display size, cut to OG_FONT_RANGES, with kerning only.
 * Satori reads TrueType, not woff2. Run `node --conditions=react-server --import tsx src/web/server/og/build-og-fonts.ts`
 * after changing the ranges; the output is committed, and og-font.test.ts compares it with a fresh build.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import subsetFont from "subset-font";
import { OG_FONT_RANGES, OG_FONT_WEIGHTS, ogFontFile } from "./og-font";

export async function buildOgFont(weight: (typeof OG_FONT_WEIGHTS)[number]): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const source = path.join(path.dirname(require.resolve("inter-ui/package.json")), "variable", "InterVariable.woff2");
  const characters = OG_FONT_RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i))).join("");
  return subsetFont(readFileSync(source), characters, {
    targetFormat: "truetype",
    variationAxes: { wght: weight, opsz: 32 },
    keepFeatures: ["kern"],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const weight of OG_FONT_WEIGHTS) {
    const font = await buildOgFont(weight);
    writeFileSync(ogFontFile(weight), font);
    console.log(`${path.relative(process.cwd(), ogFontFile(weight))}: ${font.length} bytes`);
  }
}
