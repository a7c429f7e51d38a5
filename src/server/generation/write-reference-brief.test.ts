import { describe, expect, it } from "vitest";
import { random } from "~/tests/support/exterior-scene";
import { picture, shade, wood } from "~/tests/support/surface-pictures";
import { writeReferenceBrief } from "./write-reference-brief";

describe("the brief written from a reference photo", () => {
  it("names its palette, its light and the materials its textures suggest", async () => {
    const brief = await writeReferenceBrief({ image: await picture(wood()) });
    expect(brief).toMatch(/^Reference photo's look, to follow in this room: palette #[0-9a-f]{6} \(\d+ %, (light|mid|dark)\)/);
    expect(brief).toMatch(/light (bright and airy|medium-bright) \(lightness \d+ of 100\), (soft, low contrast|moderate contrast), a warm, yellowish colour temperature;/);
    expect(brief).toMatch(/surfaces: wood with a visible grain \(floors, furniture or panelling\) on about \d+ % of it;/);
    expect(brief).toContain("not its layout, its walls, its windows or its camera.");
  });

  it("says a plain, cool, dim picture is one", async () => {
    const next = random(9);
    const brief = await writeReferenceBrief({ image: await picture(() => shade([70, 80, 104], 1 + (next() - 0.5) * 0.01)) });
    expect(brief).toContain("light dim and moody");
    expect(brief).toContain("soft, low contrast, a cool, bluish colour temperature;");
    expect(brief).toContain("surfaces mostly plain and smooth;");
  });
});
