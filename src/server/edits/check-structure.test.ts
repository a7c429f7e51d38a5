import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { STORED_LONG_SIDE, STRUCTURE_THRESHOLD } from "@/config/generation";
import { createLocalEngine } from "@/server/engines/local-engine";
import { checkStructure } from "./check-structure";
import { decodeRaw } from "./decode-raw";
import { drawWindow } from "./draw-window";
import { inpaintRegion } from "./inpaint-region";
import { redrawFurniture } from "./redraw-furniture";
import type { RawImage, RawMask } from "./types";
import { shiftRaw } from "~/tests/support/shift-raw";
import { cropRaw, perspectiveRaw, widenRaw } from "~/tests/support/warp-raw";

const fixture = (name: string) => path.resolve(import.meta.dirname, "../../../tests/fixtures", name);
const stored = async (file: string) => decodeRaw({ image: await sharp(file).resize(STORED_LONG_SIDE, STORED_LONG_SIDE, { fit: "inside" }).toBuffer() });
/** The phone photo (a cluttered living room with a curtained window) and the CC0 kitchen (a window with blinds on the right). */
let phone: RawImage;
let kitchen: RawImage;

function boxMask({ width, height }: RawImage, [l, t, r, b]: [number, number, number, number]): RawMask {
  const data = new Uint8Array(width * height);
  for (let y = Math.round(t * height); y < Math.round(b * height); y++) data.fill(255, y * width + Math.round(l * width), y * width + Math.round(r * width));
  return { data, width, height };
}

beforeAll(async () => {
  [phone, kitchen] = await Promise.all([stored(fixture("living-room-phone-4032x3024.jpg")), stored(fixture("kitchen-dining-cc0-1600x900.jpg"))]);
});

describe("checkStructure", () => {
  it("keeps the photo itself, with nothing found", () => {
    const check = checkStructure({ original: phone, result: phone });
    expect(check.score).toBeGreaterThanOrEqual(0.95);
    expect(check.findings).toEqual([]);
  });

  it("passes the local engine's restyle, which changes colours and texture but no line", async () => {
    const { image } = await createLocalEngine().generate({
      image: await sharp(phone.data, { raw: { width: phone.width, height: phone.height, channels: 3 } }).png().toBuffer(),
      width: phone.width,
      height: phone.height,
      roomType: "living-room",
      styleId: "industrial",
      edit: { mode: "restyle", styleId: "industrial" },
      creativity: "balanced",
      seed: 1,
      prompt: "",
      onProgress: () => {},
      signal: new AbortController().signal,
    });
    expect(checkStructure({ original: phone, result: await decodeRaw({ image }) }).score).toBeGreaterThanOrEqual(STRUCTURE_THRESHOLD);
  });

  it.each([["phone photo"], ["kitchen"]])("passes a restyle that replaced only the furniture (%s)", async (name) => {
    const photo = name === "kitchen" ? kitchen : phone;
    expect(checkStructure({ original: photo, result: await redrawFurniture({ image: photo }) }).score).toBeGreaterThanOrEqual(STRUCTURE_THRESHOLD);
  });

  it.each([
    ["across", 0.03, 0],
    ["down", 0, 0.03],
  ])("flags the whole photo shifted 3 %% %s, as the camera moved", (_, across, down) => {
    const check = checkStructure({ original: phone, result: shiftRaw(phone, across, down) });
    expect(check.score).toBeLessThan(STRUCTURE_THRESHOLD);
    expect(check.findings).toContainEqual(expect.objectContaining({ kind: "moved", element: "camera" }));
  });

  it("flags a 10 % crop enlarged back and a 6 % perspective warp", () => {
    expect(checkStructure({ original: phone, result: cropRaw(phone, 0.1) }).score).toBeLessThan(STRUCTURE_THRESHOLD);
    expect(checkStructure({ original: phone, result: perspectiveRaw(phone, 0.06) }).score).toBeLessThan(STRUCTURE_THRESHOLD);
  });

  it("lines up a result framed 4 % wider, the whole room still in it, and passes it", () => {
    expect(checkStructure({ original: phone, result: widenRaw(phone, 0.04) }).score).toBeGreaterThanOrEqual(STRUCTURE_THRESHOLD);
    // The kitchen's lines reach its edges: in place, a wider framing moves them past the tolerance.
    const check = checkStructure({ original: kitchen, result: widenRaw(kitchen, 0.04) });
    expect(check.score).toBeGreaterThanOrEqual(STRUCTURE_THRESHOLD);
    expect(check.measures.reframed).toBeGreaterThan(0.95);
    expect(check.measures.reframed).toBeLessThan(0.99);
  });

  it("still flags a window drawn on a wall of a result framed wider", () => {
    const { image, box } = drawWindow({ image: widenRaw(kitchen, 0.04) });
    const check = checkStructure({ original: kitchen, result: image });
    expect(check.score).toBeLessThan(STRUCTURE_THRESHOLD);
    const added = check.findings.find((f) => f.kind === "added" && f.element === "window");
    // Marked where it was drawn on the result as delivered, not where it lies once lined up with the photo.
    for (const [i, share] of box.entries()) expect(Math.abs(added!.box![i]! - share)).toBeLessThan(0.03);
  });

  it("flags the kitchen's window painted over as a window lost on the right, but not when the window was the masked edit", async () => {
    const window = boxMask(kitchen, [0.77, 0, 0.91, 0.73]);
    const covered = await inpaintRegion({ image: kitchen, mask: window });
    const check = checkStructure({ original: kitchen, result: covered });
    expect(check.score).toBeLessThan(STRUCTURE_THRESHOLD);
    expect(check.findings).toContainEqual(expect.objectContaining({ kind: "lost", element: expect.stringMatching(/^(window|door)$/), side: "right" }));
    const masked = checkStructure({ original: kitchen, result: covered, mask: window });
    expect(masked.score).toBeGreaterThanOrEqual(STRUCTURE_THRESHOLD);
    expect(masked.findings.filter((f) => f.element === "window" || f.element === "door")).toEqual([]);
  });

  it("flags a window drawn on a blank wall, as a window added where it was drawn", () => {
    const { image, box } = drawWindow({ image: kitchen });
    const check = checkStructure({ original: kitchen, result: image });
    expect(check.score).toBeLessThan(STRUCTURE_THRESHOLD);
    const added = check.findings.find((f) => f.kind === "added" && f.element === "window");
    expect(added?.side).toBe("left");
    // The finding's box is the drawn window's, within the frame's width.
    for (const [i, share] of box.entries()) expect(Math.abs(added!.box![i]! - share)).toBeLessThan(0.03);
  });

  it("compares a result of another size by stretching it to the photo's", async () => {
    const raw = () => sharp(phone.data, { raw: { width: phone.width, height: phone.height, channels: 3 } });
    const big = await decodeRaw({ image: await raw().resize(2048, 1536).png().toBuffer() });
    expect(checkStructure({ original: phone, result: big }).score).toBeGreaterThanOrEqual(0.95);
    const { score } = checkStructure({ original: phone, result: await decodeRaw({ image: await raw().resize(200, 100, { fit: "fill" }).png().toBuffer() }) });
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(1);
  });

  it("has nothing to lose on a photo without lines, and keeps nothing of a photo's lines on a blank result", () => {
    const { width, height } = phone;
    const blank: RawImage = { data: Buffer.alloc(width * height * 3, 200), width, height, channels: 3 };
    expect(checkStructure({ original: blank, result: phone }).score).toBe(1);
    expect(checkStructure({ original: phone, result: blank }).score).toBeLessThan(0.1);
  });
});
