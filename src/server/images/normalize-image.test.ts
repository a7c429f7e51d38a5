import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS, UPLOAD_MAX_PIXELS_HEIF } from "@/config/generation";
import type { ImageRejection } from "@/schemas/generation";
import { log } from "@/server/log";
import { normalizeImage } from "./normalize-image";
import { readLimitedBody } from "./read-limited-body";
import { refuseUndesignable } from "./upload-image";

/**
 * Every hostile or unusual file here is made in the test (with sharp or byte by byte), except the two small
 * HEIC files in ./fixtures (sharp cannot write HEIC; fixtures/README.md says how they were made) and one real
 * phone photo. Only bytes are passed: a file's name or declared type never reaches the code under test.
 */
// Refusals are logged with the decoder's words; here they would only bury the test report.
vi.mock("@/server/log", () => ({ log: { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } }));

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const PHONE_PHOTO = path.resolve(import.meta.dirname, "../../../tests/fixtures/living-room-phone-4032x3024.jpg");

async function expectRejected(promise: Promise<unknown>, reason: ImageRejection) {
  await expect(promise).rejects.toMatchObject({ name: "AppError", code: "INVALID_IMAGE", details: { reason } });
}

function solid(width: number, height: number, background: { r: number; g: number; b: number; alpha?: number }, channels: 3 | 4 = 3) {
  return sharp({ create: { width, height, channels, background } });
}

function noise(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 40 } } });
}

/** The first pixel of an image, as sRGB bytes. */
async function firstPixel(image: Buffer): Promise<number[]> {
  const data = await sharp(image).raw().toBuffer();
  return [...data.subarray(0, 3)];
}

function expectColour(actual: number[], expected: number[], tolerance: number) {
  actual.forEach((value, i) => expect(Math.abs(value - expected[i]!), `channel ${i}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance));
}

/** The four-letter chunk types of a RIFF (WebP) file. */
function riffChunks(webp: Buffer): string[] {
  expect(webp.toString("latin1", 0, 4)).toBe("RIFF");
  expect(webp.toString("latin1", 8, 12)).toBe("WEBP");
  const types: string[] = [];
  for (let at = 12; at + 8 <= webp.length; at += 8 + webp.readUInt32LE(at + 4) + (webp.readUInt32LE(at + 4) % 2)) {
    types.push(webp.toString("latin1", at, at + 4));
  }
  return types;
}

/** A normalized image must be a plain WebP: no EXIF, XMP, IPTC or ICC, 8-bit sRGB, no alpha. */
async function expectCleanWebp(webp: Buffer) {
  expect(riffChunks(webp).every((type) => ["VP8 ", "VP8L", "VP8X"].includes(type)), riffChunks(webp).join(",")).toBe(true);
  const metadata = await sharp(webp).metadata();
  expect(metadata).toMatchObject({ format: "webp", space: "srgb", depth: "uchar", hasAlpha: false, hasProfile: false });
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.icc).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  return metadata;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData) >>> 0, 8 + data.length);
  return chunk;
}

function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, adaptive filtering, not interlaced
  return pngChunk("IHDR", data);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Scanlines of an RGB image, each with filter type 0, deflated. */
function pngPixels(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
}

/** A two-frame APNG, written by hand (sharp cannot write APNG). */
function animatedPng(): Buffer {
  const size = 8;
  const fcTL = (sequence: number) => {
    const data = Buffer.alloc(26);
    data.writeUInt32BE(sequence, 0);
    data.writeUInt32BE(size, 4);
    data.writeUInt32BE(size, 8);
    data.writeUInt16BE(1, 20); // delay 1/10 s
    data.writeUInt16BE(10, 22);
    return pngChunk("fcTL", data);
  };
  const acTL = Buffer.alloc(8);
  acTL.writeUInt32BE(2, 0); // two frames
  const sequence2 = Buffer.alloc(4);
  sequence2.writeUInt32BE(2, 0);
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(size, size),
    pngChunk("acTL", acTL),
    fcTL(0),
    pngChunk("IDAT", pngPixels(size, size, [255, 0, 0])),
    fcTL(1),
    pngChunk("fdAT", Buffer.concat([sequence2, pngPixels(size, size, [0, 0, 255])])),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A Photoshop APP13 segment with an IPTC caption, inserted after SOI (sharp can read IPTC but not write it). */
function withIptc(jpeg: Buffer, caption: string): Buffer {
  const text = Buffer.from(caption, "latin1");
  const dataset = (tag: number, value: Buffer) => Buffer.concat([Buffer.from([0x1c, 0x02, tag, value.length >> 8, value.length & 0xff]), value]);
  const iptc = Buffer.concat([dataset(0, Buffer.from([0, 4])), dataset(120, text)]);
  const resourceSize = Buffer.alloc(4);
  resourceSize.writeUInt32BE(iptc.length, 0);
  // Image resource 0x0404 (IPTC), an empty name padded to two bytes, the size, the data padded to even length.
  const padding = Buffer.alloc(iptc.length % 2);
  const payload = Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), Buffer.from("8BIM", "latin1"), Buffer.from([0x04, 0x04, 0, 0]), resourceSize, iptc, padding]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2, 0);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xed]), length, payload, jpeg.subarray(2)]);
}

/** An ISO-BMFF ftyp box with the given brands, followed by filler. */
function ftyp(major: string, compatible: string[]): Buffer {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write("ftyp", 4, "latin1");
  box.write(major, 8, "latin1");
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, "latin1"));
  return Buffer.concat([box, Buffer.alloc(64)]);
}

function withMajorBrand(file: Buffer, brand: string): Buffer {
  const copy = Buffer.from(file);
  copy.write(brand, 8, "latin1");
  return copy;
}

/** The file with only generic HEIF brands (mif1, miaf) in its ftyp box: then only its content tells AVIF from HEIC. */
function withGenericBrands(file: Buffer): Buffer {
  const copy = withMajorBrand(file, "mif1");
  for (let at = 16; at < copy.readUInt32BE(0); at += 4) copy.write(at === 16 ? "mif1" : "miaf", at, "latin1");
  expect(copy.toString("latin1", 8, copy.readUInt32BE(0))).toMatch(/^mif1.{4}(mif1|miaf)+$/s);
  return copy;
}

describe("readLimitedBody", () => {
  it("stops reading a 25 MB body soon after 20 MB and cancels the stream", async () => {
    const chunkSize = 64 * 1024;
    const total = 25 * 1024 * 1024;
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunkSize;
        controller.enqueue(new Uint8Array(chunkSize));
      },
      cancel() {
        cancelled = true;
      },
    });
    await expectRejected(readLimitedBody({ body, maxBytes: UPLOAD_MAX_BYTES }), "tooLarge");
    expect(cancelled).toBe(true);
    // At most the chunk that crossed the limit and the one the stream queued ahead.
    expect(pulled).toBeLessThanOrEqual(UPLOAD_MAX_BYTES + 2 * chunkSize);
    expect(pulled).toBeLessThan(total);
  });

  it("refuses a missing or empty body as empty", async () => {
    await expectRejected(readLimitedBody({ body: null, maxBytes: 10 }), "empty");
    await expectRejected(readLimitedBody({ body: new ReadableStream({ start: (c) => c.close() }), maxBytes: 10 }), "empty");
  });

  it("returns the bytes of a body of exactly maxBytes, across chunks", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1, 2, 3]));
        controller.enqueue(new Uint8Array([4, 5]));
        controller.close();
      },
    });
    expect([...(await readLimitedBody({ body, maxBytes: 5 }))]).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses a body that falls behind the pace (a trickle holding an upload place) as tooSlow, and cancels the stream", async () => {
    let cancelled = false;
    const trickle = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new Uint8Array(10)),
      // Nothing more comes: a client that sent its first bytes and stalls.
      cancel() {
        cancelled = true;
      },
    });
    const started = Date.now();
    await expectRejected(readLimitedBody({ body: trickle, maxBytes: 1000, pace: { graceMs: 50, minBytesPerSecond: 1000, maxMs: 5000 } }), "tooSlow");
    expect(cancelled).toBe(true);
    // The grace plus 10 ms for the 10 bytes that came, not the 5 s cap.
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("takes a body that keeps the pace, and stops one that keeps it but runs past maxMs", async () => {
    const steady = (chunks: number) => {
      let sent = 0;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent === chunks) return controller.close();
          await new Promise((resolve) => setTimeout(resolve, 20));
          sent++;
          controller.enqueue(new Uint8Array(100));
        },
      });
    };
    // 100 bytes every 20 ms is 5000 bytes a second, five times the pace asked.
    const pace = { graceMs: 100, minBytesPerSecond: 1000, maxMs: 400 };
    expect((await readLimitedBody({ body: steady(5), maxBytes: 10_000, pace })).length).toBe(500);
    await expectRejected(readLimitedBody({ body: steady(1000), maxBytes: 1_000_000, pace }), "tooSlow");
  });

  it("refuses one byte over maxBytes", async () => {
    const body = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new Uint8Array(6)), c.close()) });
    await expectRejected(readLimitedBody({ body, maxBytes: 5 }), "tooLarge");
  });
});

describe("normalizeImage refuses", () => {
  it("0 bytes as empty", async () => {
    await expectRejected(normalizeImage({ data: Buffer.alloc(0) }), "empty");
  });

  it.each([
    ["HTML (e.g. a page renamed to .jpg)", "<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>"],
    ["HTML after whitespace", "\n  <html><img src=x onerror=alert(1)></html>"],
    ["SVG with a script", '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>'],
    ["SVG with an XML prolog", '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'],
    ["SVG with a byte-order mark", '\ufeff<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>'],
    ["a PDF", "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF"],
    ["plain text", "Salon, 4 x 5 m, okno na południe."],
    ["text that starts like a BMP", "BMW i3, rocznik 2019"],
    ["JSON", '{"image": "data:image/jpeg;base64,/9j/4AAQ"}'],
  ])("%s as notImage", async (_, text) => {
    await expectRejected(normalizeImage({ data: Buffer.from(text, "utf8") }), "notImage");
  });

  it("video in an ISO-BMFF container (MP4) as notImage", async () => {
    await expectRejected(normalizeImage({ data: ftyp("isom", ["isom", "iso2", "avc1", "mp41"]) }), "notImage");
  });

  it("a JPEG header followed by HTML (polyglot) as truncated", async () => {
    const jfif = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
    const polyglot = Buffer.concat([jfif, Buffer.from("<html><script>alert(1)</script></html>")]);
    await expectRejected(normalizeImage({ data: polyglot }), "truncated");
  });

  it("a GIF with a ZIP appended (GIFAR) as unsupported", async () => {
    const gif = await solid(16, 16, { r: 0, g: 128, b: 0 }).gif().toBuffer();
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from("META-INF/MANIFEST.MF")]);
    await expectRejected(normalizeImage({ data: Buffer.concat([gif, zip]) }), "unsupported");
  });

  it("GIF, TIFF and BMP as unsupported", async () => {
    await expectRejected(normalizeImage({ data: await solid(16, 16, { r: 1, g: 2, b: 3 }).gif().toBuffer() }), "unsupported");
    await expectRejected(normalizeImage({ data: await solid(16, 16, { r: 1, g: 2, b: 3 }).tiff().toBuffer() }), "unsupported");
    const bmp = Buffer.alloc(54 + 16);
    bmp.write("BM", 0, "latin1");
    bmp.writeUInt32LE(bmp.length, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14); // BITMAPINFOHEADER
    bmp.writeInt32LE(2, 18);
    bmp.writeInt32LE(2, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    await expectRejected(normalizeImage({ data: bmp }), "unsupported");
  });

  it("a JPEG cut in half as truncated, and logs what the decoder said", async () => {
    const jpeg = await noise(1200, 900).jpeg().toBuffer();
    vi.mocked(log.info).mockClear();
    await expectRejected(normalizeImage({ data: jpeg.subarray(0, jpeg.length >> 1) }), "truncated");
    expect(log.info).toHaveBeenCalledWith("image.rejected", expect.objectContaining({ format: "jpeg", reason: "truncated", cause: expect.stringMatching(/jpeg/i) }));
  });

  it("a PNG and a WebP cut in half as truncated", async () => {
    const png = await noise(600, 400).png().toBuffer();
    await expectRejected(normalizeImage({ data: png.subarray(0, png.length >> 1) }), "truncated");
    const webp = await noise(600, 400).webp().toBuffer();
    await expectRejected(normalizeImage({ data: webp.subarray(0, webp.length >> 1) }), "truncated");
  });

  it("a decompression bomb (a PNG of a few hundred bytes that declares 30000×30000) as tooManyPixels, without decoding it", async () => {
    const bomb = Buffer.concat([PNG_SIGNATURE, ihdr(30_000, 30_000), pngChunk("IDAT", deflateSync(Buffer.alloc(64 * 1024))), pngChunk("IEND", Buffer.alloc(0))]);
    expect(bomb.length).toBeLessThan(1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width: 30_000, height: 30_000 });
    const rssBefore = process.memoryUsage().rss;
    await expectRejected(normalizeImage({ data: bomb }), "tooManyPixels");
    // Decoding it would take 2.7 GB; refusing it takes nothing worth measuring.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it("a 45-megapixel JPEG (7800×6000) as tooManyPixels", async () => {
    const jpeg = await solid(7800, 6000, { r: 200, g: 190, b: 180 }).jpeg().toBuffer();
    expect(7800 * 6000).toBeGreaterThan(UPLOAD_MAX_PIXELS);
    await expectRejected(normalizeImage({ data: jpeg }), "tooManyPixels");
  });

  it("an AVIF and a HEIC over the AVIF/HEIC budget (30 MP declared) as tooManyPixelsHeif, without decoding them", async () => {
    // A small image whose `ispe` box (its declared size) says 6000×5000: under the 40 MP of a JPEG, over 24 MP.
    const declare = (file: Buffer) => {
      const copy = Buffer.from(file);
      const at = copy.indexOf("ispe");
      expect(at).toBeGreaterThan(0);
      copy.writeUInt32BE(6000, at + 8);
      copy.writeUInt32BE(5000, at + 12);
      return copy;
    };
    const avif = declare(await solid(64, 48, { r: 200, g: 190, b: 180 }).avif({ effort: 0 }).toBuffer());
    expect(6000 * 5000).toBeGreaterThan(UPLOAD_MAX_PIXELS_HEIF);
    expect(await sharp(avif).metadata()).toMatchObject({ width: 6000, height: 5000 });
    await expectRejected(normalizeImage({ data: avif }), "tooManyPixelsHeif");
    await expectRejected(normalizeImage({ data: declare(fixture("living-room-480x288.heic")) }), "tooManyPixelsHeif");
  });

  it("an animated WebP as animated", async () => {
    const frames = await Promise.all(
      [{ r: 255, g: 0, b: 0 }, { r: 0, g: 0, b: 255 }].map((colour) => solid(16, 16, colour).png().toBuffer()),
    );
    const webp = await sharp(frames, { join: { animated: true } }).webp({ loop: 0 }).toBuffer();
    expect((await sharp(webp).metadata()).pages).toBe(2);
    await expectRejected(normalizeImage({ data: webp }), "animated");
  });

  it("an animated PNG (APNG) as animated, although libvips would read its first frame", async () => {
    const apng = animatedPng();
    expect(await sharp(apng).metadata()).toMatchObject({ format: "png", width: 8, height: 8 });
    await expectRejected(normalizeImage({ data: apng }), "animated");
  });

  it("an AVIF image sequence (brand avis, even with a still brand beside it) as animated", async () => {
    await expectRejected(normalizeImage({ data: ftyp("avis", ["avif", "avis", "msf1", "miaf", "MA1B"]) }), "animated");
    await expectRejected(normalizeImage({ data: ftyp("mif1", ["mif1", "msf1", "avis"]) }), "animated");
  });

  it("a HEIC cut in half as truncated", async () => {
    const heic = fixture("living-room-480x288.heic");
    await expectRejected(normalizeImage({ data: heic.subarray(0, heic.length >> 1) }), "truncated");
  });

  it("random bytes behind each accepted signature with an AppError, never anything else", async () => {
    let seed = 42;
    const random = (length: number) => Buffer.from(Array.from({ length }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16) & 0xff));
    const heads = [
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      PNG_SIGNATURE,
      Buffer.concat([Buffer.from("RIFF"), Buffer.alloc(4), Buffer.from("WEBPVP8 ")]),
      ftyp("heic", ["mif1", "heic"]),
      ftyp("avif", ["mif1", "avif"]),
    ];
    for (const head of heads) {
      for (const length of [0, 10, 1000, 20_000]) {
        const result = await normalizeImage({ data: Buffer.concat([head, random(length)]) }).then(
          () => "accepted",
          (error: unknown) => (error as { code?: string }).code,
        );
        expect(result, `${head.toString("latin1", 0, 16)} + ${length} random bytes`).toBe("INVALID_IMAGE");
      }
    }
  });
});

describe("an upload too small or too narrow to design on", () => {
  it("is refused as tooSmall once normalized, and one just inside the rule is taken", async () => {
    const grey = { r: 200, g: 190, b: 180 };
    const sized = async (width: number, height: number) => normalizeImage({ data: await solid(width, height, grey).png().toBuffer() });
    // 1 × 1, a strip 1 × 20,000, a thumbnail 300 × 200, a panorama 4,000 × 600 (1,536 × 230 once stored).
    for (const [width, height] of [[1, 1], [1, 20_000], [300, 200], [4000, 600]] as const) {
      const normalized = await sized(width, height);
      expect(() => refuseUndesignable(normalized), `${width} × ${height}`).toThrow(expect.objectContaining({ code: "INVALID_IMAGE", details: { reason: "tooSmall" } }));
    }
    for (const [width, height] of [[256, 256], [1600, 270], [270, 1600]] as const) {
      expect(() => refuseUndesignable({ width, height }), `${width} × ${height}`).not.toThrow();
    }
    const panorama = await sized(1600, 270);
    expect(() => refuseUndesignable(panorama)).not.toThrow();
  });
});

describe("normalizeImage accepts and normalizes", () => {
  it("a 4032×3024 JPEG to a 1536×1152 WebP", async () => {
    const jpeg = await solid(4032, 3024, { r: 120, g: 140, b: 160 }).jpeg().toBuffer();
    const result = await normalizeImage({ data: jpeg });
    expect(result).toMatchObject({ width: 1536, height: 1152, contentType: "image/webp" });
    expect(await expectCleanWebp(result.data)).toMatchObject({ width: 1536, height: 1152 });
  });

  // The shared test photos live outside the repository; elsewhere this one test is reported as skipped.
  it("the real phone photo (4032×3024 JPEG with an ICC profile) to a clean 1536×1152 WebP", async () => {
    const phone = readFileSync(PHONE_PHOTO);
    expect((await sharp(phone).metadata()).hasProfile).toBe(true);
    const result = await normalizeImage({ data: phone });
    expect(result).toMatchObject({ width: 1536, height: 1152, contentType: "image/webp" });
    await expectCleanWebp(result.data);
    // Same picture: compared with sharp's plain downscale, on average within a few levels per channel.
    const reference = await sharp(phone).resize(96, 72).raw().toBuffer();
    const ours = await sharp(result.data).resize(96, 72).raw().toBuffer();
    const meanDifference = reference.reduce((sum, value, i) => sum + Math.abs(value - ours[i]!), 0) / reference.length;
    expect(meanDifference).toBeLessThan(3);
  });

  it("a small image without enlarging it", async () => {
    const result = await normalizeImage({ data: await solid(800, 600, { r: 10, g: 20, b: 30 }).png().toBuffer() });
    expect(result).toMatchObject({ width: 800, height: 600 });
  });

  it("a portrait photo to a long side of 1536", async () => {
    const result = await normalizeImage({ data: await solid(1500, 2000, { r: 10, g: 20, b: 30 }).webp().toBuffer() });
    expect(result).toMatchObject({ width: 1152, height: 1536 });
  });

  it("a landscape JPEG with EXIF orientation 6 to an upright portrait (left edge on top)", async () => {
    // 400×300, left half red, right half blue, stored sideways: a viewer rotates it 90° clockwise.
    const raw = Buffer.alloc(400 * 300 * 3);
    for (let i = 0; i < 400 * 300; i++) raw.set(i % 400 < 200 ? [255, 0, 0] : [0, 0, 255], i * 3);
    const jpeg = await sharp(raw, { raw: { width: 400, height: 300, channels: 3 } }).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 400, height: 300, orientation: 6 });
    const result = await normalizeImage({ data: jpeg });
    expect(result).toMatchObject({ width: 300, height: 400 });
    await expectCleanWebp(result.data);
    const pixels = await sharp(result.data).raw().toBuffer();
    const at = (x: number, y: number) => [...pixels.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3)];
    expectColour(at(150, 20), [255, 0, 0], 40);
    expectColour(at(150, 380), [0, 0, 255], 40);
  });

  it("a JPEG with GPS, EXIF, XMP, IPTC and an ICC profile to a WebP with none of them", async () => {
    const jpeg = withIptc(
      await solid(640, 480, { r: 90, g: 100, b: 110 })
        .jpeg()
        .withIccProfile("p3")
        .withExif({
          IFD0: { ImageDescription: "ul. Tajna 7, Warszawa", Artist: "Jan Kowalski" },
          IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 13/1 3230/100", GPSLongitudeRef: "E", GPSLongitude: "21/1 0/1 4366/100" },
        })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="secret-xmp-author"/></rdf:RDF></x:xmpmeta>')
        .toBuffer(),
      "IPTC caption: home of the Kowalskis",
    );
    const input = await sharp(jpeg).metadata();
    expect(input.exif?.includes("Kowalski")).toBe(true);
    expect(input.exif?.includes("Tajna")).toBe(true);
    expect(input.xmpAsString).toContain("secret-xmp-author");
    expect(input.iptc?.includes("Kowalskis")).toBe(true);
    expect(input.icc).toBeDefined();

    const result = await normalizeImage({ data: jpeg });
    await expectCleanWebp(result.data);
    for (const secret of ["Kowalski", "Tajna", "Warszawa", "secret-xmp-author", "IPTC caption", "Exif", "GPS", "http://", "Photoshop"]) {
      expect(result.data.includes(secret), secret).toBe(false);
    }
  });

  it("a Display P3 JPEG to the same colour in sRGB", async () => {
    // sRGB red, converted to P3 (and tagged so): read without its profile, it would be a dull red.
    const jpeg = await solid(64, 64, { r: 255, g: 0, b: 0 }).withIccProfile("p3").jpeg({ quality: 95 }).toBuffer();
    expectColour([...(await sharp(jpeg, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3)], [234, 51, 34], 6);
    const result = await normalizeImage({ data: jpeg });
    await expectCleanWebp(result.data);
    expectColour(await firstPixel(result.data), [255, 0, 0], 8);
  });

  it("a 16-bit PNG, with and without a Display P3 profile, to 8-bit sRGB of the same colour", async () => {
    const plain = await solid(64, 64, { r: 30, g: 160, b: 90 }).toColourspace("rgb16").png().toBuffer();
    expect(await sharp(plain).metadata()).toMatchObject({ depth: "ushort", bitsPerSample: 16 });
    const fromPlain = await normalizeImage({ data: plain });
    await expectCleanWebp(fromPlain.data);
    expectColour(await firstPixel(fromPlain.data), [30, 160, 90], 6);

    const p3 = await sharp(await solid(64, 64, { r: 255, g: 0, b: 0 }).withIccProfile("p3").png().toBuffer())
      .toColourspace("rgb16")
      .keepIccProfile()
      .png()
      .toBuffer();
    expect(await sharp(p3).metadata()).toMatchObject({ depth: "ushort", hasProfile: true });
    const fromP3 = await normalizeImage({ data: p3 });
    await expectCleanWebp(fromP3.data);
    expectColour(await firstPixel(fromP3.data), [255, 0, 0], 8);
  });

  it("a CMYK JPEG to sRGB", async () => {
    const cmyk = await solid(64, 64, { r: 255, g: 0, b: 0 }).toColourspace("cmyk").jpeg().toBuffer();
    expect(await sharp(cmyk).metadata()).toMatchObject({ space: "cmyk", channels: 4 });
    const result = await normalizeImage({ data: cmyk });
    expect((await expectCleanWebp(result.data)).channels).toBe(3);
    expectColour(await firstPixel(result.data), [245, 0, 0], 25);
  });

  it("a greyscale JPEG to sRGB", async () => {
    const grey = await solid(64, 48, { r: 128, g: 128, b: 128 }).toColourspace("b-w").jpeg().toBuffer();
    expect(await sharp(grey).metadata()).toMatchObject({ space: "b-w", channels: 1 });
    const result = await normalizeImage({ data: grey });
    expect((await expectCleanWebp(result.data)).channels).toBe(3);
    expectColour(await firstPixel(result.data), [128, 128, 128], 3);
  });

  it("a transparent PNG flattened onto white", async () => {
    const png = await solid(32, 32, { r: 0, g: 0, b: 0, alpha: 0 }, 4).png().toBuffer();
    const result = await normalizeImage({ data: png });
    await expectCleanWebp(result.data);
    expectColour(await firstPixel(result.data), [255, 255, 255], 2);
  });

  it("a valid PNG with HTML appended, without the HTML", async () => {
    const png = await solid(32, 32, { r: 1, g: 2, b: 3 }).png().toBuffer();
    const result = await normalizeImage({ data: Buffer.concat([png, Buffer.from("<html><script>alert(1)</script></html>")]) });
    await expectCleanWebp(result.data);
    expect(result.data.includes("<script>")).toBe(false);
  });

  it("an AVIF, also when its brands are the generic mif1 and miaf (the codec is read from the file)", async () => {
    const avif = await solid(320, 240, { r: 40, g: 80, b: 120 }).avif({ effort: 0 }).toBuffer();
    expect(avif.toString("latin1", 8, 12)).toBe("avif");
    for (const data of [avif, withMajorBrand(avif, "mif1"), withGenericBrands(avif)]) {
      const result = await normalizeImage({ data });
      expect(result).toMatchObject({ width: 320, height: 240 });
      await expectCleanWebp(result.data);
      expectColour(await firstPixel(result.data), [40, 80, 120], 8);
    }
  });

  it("a HEIC (decoded by heic-decode), also under the major brands mif1 and heim, and with generic brands only", async () => {
    const heic = fixture("living-room-480x288.heic");
    // The picture it was made from (fixtures/README.md) scaled to 4×3 pixels: the decode must show the same room.
    const reference = [164, 179, 179, 196, 206, 207, 163, 170, 166, 150, 155, 148, 117, 132, 136, 154, 161, 161, 150, 155, 151, 135, 134, 125, 115, 144, 158, 101, 120, 128, 102, 112, 112, 103, 107, 104];
    for (const data of [heic, withMajorBrand(heic, "mif1"), withMajorBrand(heic, "heim"), withGenericBrands(heic)]) {
      const result = await normalizeImage({ data });
      expect(result).toMatchObject({ width: 480, height: 288, contentType: "image/webp" });
      await expectCleanWebp(result.data);
      const ours = await sharp(result.data).resize(4, 3, { fit: "fill" }).raw().toBuffer();
      reference.forEach((value, i) => expect(Math.abs(value - ours[i]!), `value ${i}`).toBeLessThanOrEqual(8));
    }
    // Decoded in the worker thread, not by the main-thread fallback.
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("a HEIC image over the pixel limit in decodeHeic too (the worker checks the image it decodes), and a missing page as the first image", async () => {
    // normalizeImage checks the size sharp reads from the header first; this is the second check.
    const { decodeHeic } = await import("./decode-heic");
    const heic = fixture("living-room-480x288.heic");
    await expect(decodeHeic({ data: heic, page: 0, maxPixels: 480 * 288 - 1 })).rejects.toMatchObject({ details: { reason: "tooManyPixels" } });
    await expect(decodeHeic({ data: heic, page: 5, maxPixels: 480 * 288 })).resolves.toMatchObject({ width: 480, height: 288 });
  });

  it("a Display P3 HEIC to the same colour in sRGB (its ICC profile is carried past heic-decode)", async () => {
    const result = await normalizeImage({ data: fixture("red-display-p3-64x64.heic") });
    await expectCleanWebp(result.data);
    expectColour(await firstPixel(result.data), [255, 0, 0], 10);
  });

  it("many uploads at once, never more than two in libvips at a time", async () => {
    const jpeg = await noise(2000, 1500).jpeg().toBuffer();
    let most = 0;
    const sample = setInterval(() => (most = Math.max(most, sharp.counters().process)), 1);
    try {
      const results = await Promise.all(Array.from({ length: 6 }, () => normalizeImage({ data: jpeg })));
      for (const result of results) expect(result).toMatchObject({ width: 1536, height: 1152 });
    } finally {
      clearInterval(sample);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });
});
