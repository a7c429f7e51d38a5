import { readFileSync } from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { embedWatermark, payloadBits, readWatermark } from "./watermark";

const ID = 0xab12cd34;

/** PSNR in dB between two raw RGB buffers of one size. */
function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

describe("the watermark", () => {
  let original: Buffer;
  let marked: Buffer;
  let markedRaw: Buffer;
  beforeAll(async () => {
    original = await sharp(readFileSync("tests/fixtures/kitchen-dining-cc0-1600x900.jpg")).resize(1536).jpeg({ quality: 92 }).toBuffer();
    const { data, width, height } = await embedWatermark({ image: original, id: ID });
    markedRaw = data;
    marked = await sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  });

  it("costs under 1/10,000 of the picture's power (PSNR at least 40 dB)", async () => {
    expect(psnr(await sharp(original).raw().toBuffer(), markedRaw)).toBeGreaterThanOrEqual(40);
  });

  const transformations: [string, (image: Buffer) => Promise<Buffer>][] = [
    ["as stored", async (image) => image],
    ["JPEG at quality 70", (image) => sharp(image).jpeg({ quality: 70 }).toBuffer()],
    ["resized to 50 %", (image) => sharp(image).resize(768).jpeg({ quality: 85 }).toBuffer()],
    ["cropped by 10 % (5 % off each side)", (image) => sharp(image).extract({ left: 38, top: 22, width: 1382, height: 820 }).jpeg({ quality: 85 }).toBuffer()],
    ["cropped by 10 % off one corner", (image) => sharp(image).extract({ left: 0, top: 0, width: 1382, height: 779 }).toBuffer()],
    ["saved as PNG, then as JPEG (a screenshot)", async (image) => sharp(await sharp(image).png().toBuffer()).jpeg({ quality: 80 }).toBuffer()],
  ];
  for (const [name, transform] of transformations) {
    it(`reads the id back ${name}`, async () => {
      const reading = await readWatermark({ image: await transform(marked) });
      expect(reading).toMatchObject({ found: true, proofId: "AB12CD34" });
    });
  }

  it("finds nothing in the same photo unmarked, nor in a flat or noisy picture", async () => {
    expect((await readWatermark({ image: original })).found).toBe(false);
    const noise = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).png().toBuffer();
    expect((await readWatermark({ image: noise })).found).toBe(false);
    const flat = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#fff" } }).png().toBuffer();
    expect(await readWatermark({ image: flat })).toMatchObject({ found: false });
  });

  it("carries 32 bits of id and 16 of CRC", () => {
    expect(payloadBits(ID).slice(0, 32).join("")).toBe(ID.toString(2).padStart(32, "0"));
    expect(payloadBits(ID)).toHaveLength(48);
  });
});
