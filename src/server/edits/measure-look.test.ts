import { describe, expect, it } from "vitest";
import { random } from "~/tests/support/exterior-scene";
import { H, picture, shade, stone, W, wood } from "~/tests/support/surface-pictures";
import { measureLook } from "./measure-look";

describe("the look of a reference photo, measured without a model", () => {
  it("finds wood-like boards by their warm colour and one-way grain, and stone-like surfaces by their neutral speckle", async () => {
    const boards = await measureLook({ image: await picture(wood()) });
    expect(boards.materials[0]).toMatchObject({ kind: "wood" });
    expect(boards.materials[0]!.share).toBeGreaterThan(0.6);
    expect(boards.materials.map((m) => m.kind)).not.toContain("stone");

    const concrete = await measureLook({ image: await picture(stone()) });
    expect(concrete.materials[0]).toMatchObject({ kind: "stone" });
    expect(concrete.materials[0]!.share).toBeGreaterThan(0.6);
    expect(concrete.materials.map((m) => m.kind)).not.toContain("wood");

    // A stone wall over a wooden floor: both, in about their shares.
    const [upper, lower] = [stone(3), wood(4)];
    const room = await measureLook({ image: await picture((x, y) => (y < H * 0.4 ? upper() : lower(x, y))) });
    expect(room.materials.map((m) => m.kind).sort()).toEqual(["stone", "wood"]);
    expect(room.materials.find((m) => m.kind === "wood")!.share).toBeGreaterThan(room.materials.find((m) => m.kind === "stone")!.share);
  });

  it("names no material on plain painted walls, and measures brightness, contrast and warmth", async () => {
    const next = random(5);
    const plain = await measureLook({ image: await picture(() => shade([236, 230, 220], 1 + (next() - 0.5) * 0.01)) });
    expect(plain.materials).toEqual([]);
    expect(plain.brightness).toBeGreaterThan(85);
    expect(plain.contrast).toBeLessThan(3);
    expect(plain.warmth).toBeGreaterThan(3);

    const dusk = await measureLook({ image: await picture((x) => (x < W / 2 ? [40, 44, 58] : [200, 205, 222])) });
    expect(dusk.brightness).toBeLessThan(60);
    expect(dusk.contrast).toBeGreaterThan(25);
    expect(dusk.warmth).toBeLessThan(-5);
  });

  it("finds greenery where plants are", async () => {
    const next = random(6);
    const leaves = await measureLook({ image: await picture((x, y) => shade([70, 120, 50], 0.7 + 0.3 * Math.sin(x * 0.7) * Math.cos(y * 0.6) + next() * 0.2)) });
    expect(leaves.materials[0]).toMatchObject({ kind: "greenery" });
  });
});
