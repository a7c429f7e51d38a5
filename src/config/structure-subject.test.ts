import { describe, expect, it } from "vitest";
import { structureSubject } from "./structure-subject";

describe("structureSubject", () => {
  it("speaks of a building for an exterior, of the photo outdoors, of walls, windows and doors in a room", () => {
    expect(structureSubject({ roomType: "exterior", mode: "sky" })).toBe("building");
    expect(structureSubject({ roomType: "garden", mode: "garden" })).toBe("outdoor");
    expect(structureSubject({ roomType: "living-room", mode: "restyle" })).toBe("room");
  });

  it("reads a terrace by its mode: garden design is outdoors, a restyle is a room", () => {
    expect(structureSubject({ roomType: "terrace", mode: "garden" })).toBe("outdoor");
    expect(structureSubject({ roomType: "terrace", mode: "restyle" })).toBe("room");
  });

  it("without a room type (a proof), goes by what the mode is made for", () => {
    expect(structureSubject({ mode: "facade" })).toBe("building");
    expect(structureSubject({ mode: "garden" })).toBe("outdoor");
    expect(structureSubject({ mode: "twilight" })).toBe("outdoor");
    expect(structureSubject({ mode: "stage" })).toBe("room");
    expect(structureSubject({ mode: "paint" })).toBe("room");
    expect(structureSubject({ mode: "no-such-mode" })).toBe("room");
    expect(structureSubject({})).toBe("room");
  });
});
