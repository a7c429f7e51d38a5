import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildOgFont } from "./build-og-fonts";
import { OG_FONT_WEIGHTS, ogFontFile, renderableText } from "./og-font";

describe("the Open Graph fonts", () => {
  it("are committed as build-og-fonts.ts builds them", async () => {
    for (const weight of OG_FONT_WEIGHTS) {
      const built = await buildOgFont(weight);
      expect(Buffer.compare(built, readFileSync(ogFontFile(weight))), `inter-${weight}.ttf`).toBe(0);
    }
  });

  it("are TrueType, which satori reads (it cannot read the site's woff2)", () => {
    for (const weight of OG_FONT_WEIGHTS) expect(readFileSync(ogFontFile(weight)).readUInt32BE(0)).toBe(0x00010000);
  });

  it("keep Polish, Czech and German letters and typography, and drop what would be fetched from Google", () => {
    expect(renderableText("Zażółć gęślą jaźń – „Příliš” … Größe €5 → ok")).toBe("Zażółć gęślą jaźń – „Příliš” … Größe €5 → ok");
    expect(renderableText("Salon 😀 w stylu 和風  japandi")).toBe("Salon w stylu japandi");
  });
});
