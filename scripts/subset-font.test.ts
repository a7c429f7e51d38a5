import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { polishCharacters, polishUnicodeRange } from "./subset-font.mjs";

const css = readFileSync(path.resolve(import.meta.dirname, "..", "app", "globals.css"), "utf8");

describe("the Polish subset of Inter", () => {
  it("is declared in app/globals.css with exactly the characters the subset script keeps", () => {
    const face = css.split("@font-face").find((block) => block.includes("/fonts/inter-pl-wght.woff2"));
    expect(face).toBeDefined();
    expect(face).toContain(`unicode-range: ${polishUnicodeRange()};`);
  });

  it("keeps every Polish letter and the typography Polish texts use", () => {
    for (const character of "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ„”–—…€") expect(polishCharacters()).toContain(character);
  });
});
