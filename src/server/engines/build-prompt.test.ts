import { describe, expect, it } from "vitest";
import { roomPromptNames, roomTypes } from "@/config/room-types";
import { styles } from "@/config/styles";
import { buildPrompt } from "./build-prompt";

describe("buildPrompt", () => {
  it("names the room and the style, and asks to keep the structure and the camera, for every pair", () => {
    const prompts = new Set<string>();
    for (const roomType of roomTypes) {
      for (const style of styles) {
        const prompt = buildPrompt({ roomType, styleId: style.id });
        expect(prompt.startsWith(`Redesign this ${roomPromptNames[roomType]} in ${style.prompt}.`)).toBe(true);
        for (const kept of ["walls", "windows", "doors", "floor plan", "room geometry", "camera position"]) {
          expect(prompt).toContain(kept);
        }
        expect(prompt).toMatch(/do not crop, zoom or change the perspective/);
        prompts.add(prompt);
      }
    }
    expect(prompts.size).toBe(roomTypes.length * styles.length);
  });

  it("keeps the fixed installations of bathrooms and kitchens where they are", () => {
    expect(buildPrompt({ roomType: "bathroom", styleId: "modern" })).toMatch(/Keep the bath, shower, toilet and basin in their places/);
    expect(buildPrompt({ roomType: "kitchen", styleId: "modern" })).toMatch(/Keep the cabinet layout, the sink, the hob/);
  });

  it("refuses a style that is not in the catalogue", () => {
    expect(() => buildPrompt({ roomType: "bedroom", styleId: "no-such-style" })).toThrow(/Unknown style/);
  });
});
