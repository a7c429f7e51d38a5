import { describe, expect, it } from "vitest";
import { INSTRUCTION_MAX_CHARS } from "@/config/edit-modes";
import { floorMaterials } from "@/config/floor-materials";
import { roomPromptNames, roomTypes } from "@/config/room-types";
import { styles } from "@/config/styles";
import { buildPrompt, type PromptEdit } from "./build-prompt";

const STRUCTURE = /Keep the architecture exactly as in the photo: the same walls, windows, doors, ceiling, floor plan and room geometry, seen from the same camera position.*do not crop, zoom or change the perspective/;

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

  it("is the same prompt for a restyle given as an edit, with balanced creativity and no words of the person's", () => {
    expect(buildPrompt({ roomType: "office", edit: { mode: "restyle", styleId: "loft" }, creativity: "balanced" })).toBe(buildPrompt({ roomType: "office", styleId: "loft" }));
  });

  it.each<[string, PromptEdit, RegExp[]]>([
    ["stage", { mode: "stage", styleId: "japandi" }, [/^Stage this empty bedroom in Japandi style/, /a bed with bedding/, /the walls, windows, doors, floor, ceiling and light stay exactly as they are/]],
    ["declutter furniture", { mode: "declutter", scope: "furniture" }, [/^Declutter this bedroom\./, /Remove the free-standing furniture/, /Leave rugs, curtains, lamps, pictures/, /Built-ins stay/]],
    ["declutter furniture and decor", { mode: "declutter", scope: "furniture-and-decor" }, [/Remove the furniture and the decor/, /Built-ins stay/]],
    ["declutter everything", { mode: "declutter", scope: "everything", keep: "the sofa and\n the \"piano\"" }, [/Remove everything movable/, /Keep what the person asked to keep, in their own words: "the sofa and the 'piano'"\./, /Built-ins stay/]],
    ["remove", { mode: "remove" }, [/^Remove everything inside the masked area of this bedroom photo and fill it with what would be behind it/, /Do not put any new object there/]],
    ["replace", { mode: "replace", text: "a green velvet armchair" }, [/replace what is inside the masked area with: a green velvet armchair\./]],
    ["material on a floor", { mode: "material", material: "herringbone-parquet" }, [/cover the floor inside the masked area with light oak herringbone parquet/]],
    ["material on a wall", { mode: "material", material: "brick" }, [/cover the wall inside the masked area with exposed red brick/]],
    ["material on either", { mode: "material", material: "terrazzo" }, [/cover the surface inside the masked area with white terrazzo/]],
  ])("words %s as its own task, and keeps the structure sentence", (_, edit, expected) => {
    const prompt = buildPrompt({ roomType: "bedroom", edit });
    for (const pattern of expected) expect(prompt).toMatch(pattern);
    expect(prompt).toMatch(STRUCTURE);
  });

  it("has a prompt fragment for every material", () => {
    for (const material of floorMaterials) expect(buildPrompt({ roomType: "kitchen", edit: { mode: "material", material: material.id } })).toContain(material.prompt);
    expect(() => buildPrompt({ roomType: "kitchen", edit: { mode: "material", material: "gold-leaf" } })).toThrow(/Unknown material/);
  });

  it("words the creativity levels differently, and asks for subtle changes at the subtle level", () => {
    const edit: PromptEdit = { mode: "stage", styleId: "boho" };
    const [subtle, balanced, bold] = (["subtle", "balanced", "bold"] as const).map((creativity) => buildPrompt({ roomType: "living-room", edit, creativity }));
    expect(new Set([subtle, balanced, bold]).size).toBe(3);
    expect(subtle).toMatch(/subtle changes only/);
    expect(bold).toMatch(/Be bold/);
  });

  it("appends the person's instruction as their own words, on one line, quoted and cut to its limit, before the structure sentence", () => {
    const prompt = buildPrompt({ roomType: "bedroom", edit: { mode: "restyle", styleId: "boho" }, instruction: '  a "cosy" reading\ncorner ' });
    expect(prompt).toContain(`The person also asks, in their own words: "a 'cosy' reading corner".`);
    expect(prompt.indexOf("The person also asks")).toBeLessThan(prompt.search(STRUCTURE));

    const long = buildPrompt({ roomType: "bedroom", edit: { mode: "remove" }, instruction: "x".repeat(1000) });
    expect(long).toContain(`"${"x".repeat(INSTRUCTION_MAX_CHARS)}"`);
    expect(long).not.toContain("x".repeat(INSTRUCTION_MAX_CHARS + 1));
  });
});
