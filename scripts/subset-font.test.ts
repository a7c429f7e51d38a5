import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildPolishSubset, polishCharacters, polishUnicodeRange, SUBSET_FILE } from "./subset-font.mjs";

const css = readFileSync(path.resolve(import.meta.dirname, "..", "app", "globals.css"), "utf8");
const faces = css.split("@font-face").slice(1).map((block) => block.slice(0, block.indexOf("}")));
const family = (face: string | undefined) => face?.match(/font-family: "([^"]+)"/)?.[1];

describe("the Polish subset of Inter", () => {
  const face = faces.find((block) => block.includes("url(/fonts/inter-pl-wght.woff2)"));

  it("is the Inter Variable face, declared with exactly the characters the subset script keeps", () => {
    expect(face).toBeDefined();
    expect(family(face)).toBe("Inter Variable");
    expect(face).toContain(`unicode-range: ${polishUnicodeRange()};`);
  });

  it("is the only face of its family, and the Latin Extended face comes second in the stack", () => {
    // A second, unloaded face in the same family makes Chrome set up a stand-in for it per text size at
    // the first layout (a round trip to the browser process each on Linux), even where it is never used.
    expect(faces.filter((block) => family(block) === "Inter Variable")).toHaveLength(1);
    const latinExtended = faces.find((block) => block.includes("inter-latin-ext"));
    expect(family(latinExtended)).toBe("Inter Latin Extended");
    expect(css).toMatch(/--font-sans: "Inter Variable", "Inter Latin Extended", "Inter Fallback",/);
  });

  it("is committed as the subset script builds it (ranges or features changed without `npm run fonts` fail here)", async () => {
    const built = await buildPolishSubset();
    expect(Buffer.compare(Buffer.from(built), readFileSync(SUBSET_FILE))).toBe(0);
  }, 30_000);

  it("keeps every Polish letter and the typography Polish texts use", () => {
    for (const character of "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ„”–—…€") expect(polishCharacters()).toContain(character);
  });
});
