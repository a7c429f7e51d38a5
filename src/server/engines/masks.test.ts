import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { transparentEditImage, whiteEditMask } from "./masks";

describe("masks", () => {
  it("keeps white = edit, binarised, at the asked size", async () => {
    const mask = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#000" } })
      .composite([{ input: await sharp({ create: { width: 10, height: 10, channels: 3, background: "#c0c0c0" } }).png().toBuffer(), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const png = await whiteEditMask({ mask, width: 40, height: 20 });
    expect(await sharp(png).metadata()).toMatchObject({ width: 40, height: 20, channels: 1 });
    const out = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(out.data[0]).toBe(255);
    expect(out.data[39]).toBe(0);
  });

  it("turns the edit area transparent on the photo", async () => {
    const photo = await sharp({ create: { width: 8, height: 4, channels: 3, background: "#336699" } }).webp().toBuffer();
    const mask = await sharp({ create: { width: 8, height: 4, channels: 3, background: "#000" } })
      .composite([{ input: await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).png().toBuffer(), left: 4, top: 0 }])
      .png()
      .toBuffer();
    const out = await sharp(await transparentEditImage({ image: photo, mask })).raw().toBuffer({ resolveWithObject: true });
    expect(out.info.channels).toBe(4);
    expect(out.data[3]).toBe(255);
    expect(out.data[7 * 4 + 3]).toBe(0);
  });
});
