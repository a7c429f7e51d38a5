import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { STORED_LONG_SIDE, STRUCTURE_THRESHOLD } from "@/config/generation";
import { createLocalEngine } from "@/server/engines/local-engine";
import { decodeRaw } from "./decode-raw";
import { inpaintRegion } from "./inpaint-region";
import { scoreStructure } from "./score-structure";
import type { RawImage, RawMask } from "./types";
import { shiftRaw } from "~/tests/support/shift-raw";

const photoPath = path.resolve(import.meta.dirname, "../../../tests/fixtures/living-room-phone-4032x3024.jpg");
let photo: RawImage;
/** The curtained window on the left of the phone photo. */
let window: RawMask;

beforeAll(async () => {
  photo = await decodeRaw({ image: await sharp(photoPath).resize(STORED_LONG_SIDE, STORED_LONG_SIDE, { fit: "inside" }).toBuffer() });
  const { width, height } = photo;
  const data = new Uint8Array(width * height);
  for (let y = Math.round(0.16 * height); y < Math.round(0.48 * height); y++) data.fill(255, y * width, y * width + Math.round(0.39 * width));
  window = { data, width, height };
});

describe("scoreStructure", () => {
  it("scores the photo against itself at 0.95 or more", () => {
    expect(scoreStructure({ original: photo, result: photo }).score).toBeGreaterThanOrEqual(0.95);
  });

  it("passes the local engine's restyle, which changes colours and texture but no line", async () => {
    const { image } = await createLocalEngine().generate({
      image: await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } }).png().toBuffer(),
      width: photo.width,
      height: photo.height,
      roomType: "living-room",
      styleId: "industrial",
      edit: { mode: "restyle", styleId: "industrial" },
      creativity: "balanced",
      seed: 1,
      prompt: "",
      onProgress: () => {},
      signal: new AbortController().signal,
    });
    expect(scoreStructure({ original: photo, result: await decodeRaw({ image }) }).score).toBeGreaterThanOrEqual(STRUCTURE_THRESHOLD);
  });

  it.each([
    ["across", 0.03, 0],
    ["down", 0, 0.03],
  ])("flags the whole photo shifted 3 %% %s", (_, across, down) => {
    expect(scoreStructure({ original: photo, result: shiftRaw(photo, across, down) }).score).toBeLessThan(STRUCTURE_THRESHOLD);
  });

  it("flags a copy with the window painted over, but not when the window was the masked edit", async () => {
    const covered = await inpaintRegion({ image: photo, mask: window });
    expect(scoreStructure({ original: photo, result: covered }).score).toBeLessThan(STRUCTURE_THRESHOLD);
    expect(scoreStructure({ original: photo, result: covered, mask: window }).score).toBeGreaterThanOrEqual(STRUCTURE_THRESHOLD);
  });

  it("compares a result of another size by stretching it to the photo's", async () => {
    const small = await decodeRaw({ image: await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } }).resize(200, 100, { fit: "fill" }).png().toBuffer() });
    const { score } = scoreStructure({ original: photo, result: small });
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(1);
    const big = await decodeRaw({ image: await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 3 } }).resize(2048, 1536).png().toBuffer() });
    expect(scoreStructure({ original: photo, result: big }).score).toBeGreaterThanOrEqual(0.95);
  });

  it("scores in 0..1 and has nothing to lose on a photo without lines", () => {
    const { width, height } = photo;
    const blank: RawImage = { data: Buffer.alloc(width * height * 3, 200), width, height, channels: 3 };
    expect(scoreStructure({ original: blank, result: photo }).score).toBe(1);
    const score = scoreStructure({ original: photo, result: blank }).score;
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThan(0.1);
  });
});
