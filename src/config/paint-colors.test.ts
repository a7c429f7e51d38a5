import { describe, expect, it } from "vitest";
import en from "~/messages/en.json";
import pl from "~/messages/pl.json";
import { HEX_COLOR, paintColors } from "./paint-colors";

describe("paint colours", () => {
  it("are about two dozen distinct colours, each a #RRGGBB value with a name in both languages", () => {
    expect(paintColors.length).toBeGreaterThanOrEqual(20);
    expect(new Set(paintColors.map((c) => c.id)).size).toBe(paintColors.length);
    expect(new Set(paintColors.map((c) => c.hex.toLowerCase())).size).toBe(paintColors.length);
    for (const { hex } of paintColors) expect(hex).toMatch(HEX_COLOR);
    for (const messages of [pl, en]) expect(Object.keys(messages.paintColors).sort()).toEqual(paintColors.map((c) => c.id).sort());
  });
});
