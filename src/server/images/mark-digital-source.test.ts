import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DIGITAL_SOURCE_TYPE, markDigitalSource } from "./mark-digital-source";
import { samePixels } from "~/tests/support/same-pixels";

/** The digital source type a reader of the file finds: the XMP packet as sharp (libvips' libwebp) reads it. */
async function sourceTypeOf(image: Buffer): Promise<string | undefined> {
  const xmp = (await sharp(image).metadata()).xmp?.toString("utf8") ?? "";
  return /<Iptc4xmpExt:DigitalSourceType>([^<]+)</.exec(xmp)?.[1];
}

const photo = () => sharp({ create: { width: 301, height: 200, channels: 3, background: { r: 180, g: 150, b: 120 }, noise: { type: "gaussian", mean: 120, sigma: 30 } } });

describe("markDigitalSource", () => {
  it("marks a lossy WebP as edited by a trained model, keeps its pixels and size, and reads back as one image", async () => {
    const webp = await photo().webp({ quality: 82 }).toBuffer();
    const marked = markDigitalSource({ image: webp, ai: true });
    expect(await sourceTypeOf(marked)).toBe(DIGITAL_SOURCE_TYPE.ai);
    expect(DIGITAL_SOURCE_TYPE.ai).toBe("http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia");
    expect(await sharp(marked).metadata()).toMatchObject({ format: "webp", width: 301, height: 200 });
    expect(await samePixels(marked, webp)).toBe(true);
  });

  it("marks a lossless WebP with alpha, and a WebP already extended (ICC), as algorithmically enhanced, replacing an earlier mark", async () => {
    const lossless = await sharp({ create: { width: 33, height: 17, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } }).webp({ lossless: true }).toBuffer();
    const marked = markDigitalSource({ image: lossless, ai: false });
    expect(await sourceTypeOf(marked)).toBe(DIGITAL_SOURCE_TYPE.algorithmic);
    expect(await sharp(marked).metadata()).toMatchObject({ width: 33, height: 17, hasAlpha: true });
    const extended = await photo().withIccProfile("p3").webp().toBuffer();
    const twice = markDigitalSource({ image: markDigitalSource({ image: extended, ai: false }), ai: true });
    expect(await sourceTypeOf(twice)).toBe(DIGITAL_SOURCE_TYPE.ai);
    expect(twice.toString("latin1").split("XMP ").length - 1).toBe(1);
    expect((await sharp(twice).metadata()).icc).toBeDefined();
  });

  it("marks a JPEG (the results' display-size copy), keeps its pixels, replacing an earlier mark", async () => {
    const jpeg = await photo().jpeg({ quality: 80 }).toBuffer();
    const marked = markDigitalSource({ image: jpeg, ai: true });
    expect(await sourceTypeOf(marked)).toBe(DIGITAL_SOURCE_TYPE.ai);
    expect(await sharp(marked).metadata()).toMatchObject({ format: "jpeg", width: 301, height: 200 });
    expect(await samePixels(marked, jpeg)).toBe(true);
    const twice = markDigitalSource({ image: marked, ai: false });
    expect(await sourceTypeOf(twice)).toBe(DIGITAL_SOURCE_TYPE.algorithmic);
    expect(twice.toString("latin1").split("http://ns.adobe.com/xap/1.0/\0").length - 1).toBe(1);
  });

  it("marks a PNG (a hosted engine's answer, stored as it came), keeps its pixels, replacing an earlier mark", async () => {
    const png = await photo().png({ compressionLevel: 1 }).toBuffer();
    const marked = markDigitalSource({ image: png, ai: true });
    expect(await sourceTypeOf(marked)).toBe(DIGITAL_SOURCE_TYPE.ai);
    expect(await sharp(marked).metadata()).toMatchObject({ format: "png", width: 301, height: 200 });
    expect(await samePixels(marked, png)).toBe(true);
    const twice = markDigitalSource({ image: marked, ai: false });
    expect(await sourceTypeOf(twice)).toBe(DIGITAL_SOURCE_TYPE.algorithmic);
    expect(twice.toString("latin1").split("XML:com.adobe.xmp").length - 1).toBe(1);
    // A reader that checks every chunk's CRC (libpng does) takes it.
    expect(await samePixels(sharp(twice, { failOn: "warning" }), png)).toBe(true);
  });

  it("drops every other metadata an engine's answer carries (EXIF, IPTC, comments, text chunks), keeping the colour profile", async () => {
    const exif = { IFD0: { Software: "ComfyUI", ImageDescription: "prompt: aranzer/0123.png" } };
    const has = (image: Buffer) => ({ said: /ComfyUI|aranzer\/0123/.test(image.toString("latin1")), meta: sharp(image).metadata() });
    const jpeg = await photo().withIccProfile("p3").withExif(exif).jpeg().toBuffer();
    const webp = await photo().withIccProfile("p3").withExif(exif).webp().toBuffer();
    expect([has(jpeg).said, has(webp).said]).toEqual([true, true]);
    for (const image of [jpeg, webp]) {
      const marked = markDigitalSource({ image, ai: true });
      expect(has(marked).said).toBe(false);
      const meta = await has(marked).meta;
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeDefined();
      expect(await sourceTypeOf(marked)).toBe(DIGITAL_SOURCE_TYPE.ai);
    }
  });

  it("refuses what is neither a WebP nor a JPEG nor a PNG", async () => {
    expect(() => markDigitalSource({ image: Buffer.from("not an image at all"), ai: true })).toThrow(/WebP/);
  });
});
