// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { jpegFrame, photoToSend } from "./shrink-photo";

/** jsdom decodes no images: the browser's decoder and canvas are stood in for, recording what they were asked. */
function browserThatDecodes(size: { width: number; height: number } | "damaged") {
  const drawn: { width: number; height: number }[] = [];
  const closed = vi.fn();
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn(async () => {
      if (size === "damaged") throw new DOMException("The source image could not be decoded.", "InvalidStateError");
      return { ...size, close: closed };
    }),
  );
  vi.stubGlobal(
    "OffscreenCanvas",
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {}
      getContext() {
        return { drawImage: (_bitmap: unknown, _x: number, _y: number, width: number, height: number) => drawn.push({ width, height }), imageSmoothingQuality: "low" };
      }
      async convertToBlob(options: { type: string }) {
        return new Blob([new Uint8Array(300_000)], { type: options.type });
      }
    },
  );
  return { drawn, closed };
}

/** A JPEG's first bytes as a camera writes them (SOI, an APP1 block, the frame header), padded to `bytes`. */
function jpegBytes(bytes: number, frame: { width: number; height: number; components?: number }) {
  const data = new Uint8Array(bytes);
  const components = frame.components ?? 3;
  const app1 = [0xff, 0xe1, 0x00, 0x10, ...new Array(14).fill(0x45)];
  const sof = [0xff, 0xc2, 0x00, 8 + 3 * components, 0x08, frame.height >> 8, frame.height & 0xff, frame.width >> 8, frame.width & 0xff, components];
  data.set([0xff, 0xd8, ...app1, ...sof]);
  return data;
}
const photo = (type: string, bytes: number, name = "pokoj.jpg", frame: { width: number; height: number; components?: number } = { width: 4032, height: 3024 }) =>
  new File([type === "image/jpeg" ? jpegBytes(bytes, frame) : new Uint8Array(bytes)], name, { type });

afterEach(() => vi.unstubAllGlobals());

describe("photoToSend", () => {
  it("sends a large phone JPEG at the size the server stores, as a JPEG under its own name", async () => {
    const { drawn, closed } = browserThatDecodes({ width: 4032, height: 3024 });
    const sent = await photoToSend(photo("image/jpeg", 2_000_000));
    expect(drawn).toEqual([{ width: 1536, height: 1152 }]);
    expect([sent.type, sent.size, (sent as File).name]).toEqual(["image/jpeg", 300_000, "pokoj.jpg"]);
    expect(closed).toHaveBeenCalled();
  });

  it("sends a HEIC the browser can read as a JPEG, portrait kept portrait", async () => {
    const { drawn } = browserThatDecodes({ width: 3024, height: 4032 });
    const sent = await photoToSend(photo("image/heic", 2_500_000, "IMG_0001.HEIC"));
    expect(drawn).toEqual([{ width: 1152, height: 1536 }]);
    expect([sent.type, (sent as File).name]).toEqual(["image/jpeg", "IMG_0001.jpg"]);
  });

  it("sends as it is what it need not or cannot shrink, for the server to take or refuse with its own sentence", async () => {
    browserThatDecodes({ width: 4032, height: 3024 });
    for (const file of [photo("image/png", 3_000_000), photo("image/webp", 3_000_000), photo("image/jpeg", 900_000)]) expect(await photoToSend(file)).toBe(file);
    browserThatDecodes({ width: 1200, height: 900 });
    const small = photo("image/jpeg", 1_500_000, "maly.jpg", { width: 1200, height: 900 });
    expect(await photoToSend(small)).toBe(small);
    // Read from the header, not decoded: over the pixel limit, and CMYK (which browsers darken).
    const { drawn } = browserThatDecodes({ width: 9000, height: 6000 });
    const tooManyPixels = photo("image/jpeg", 15_000_000, "duze.jpg", { width: 9000, height: 6000 });
    expect(await photoToSend(tooManyPixels)).toBe(tooManyPixels);
    const cmyk = photo("image/jpeg", 3_000_000, "cmyk.jpg", { width: 4032, height: 3024, components: 4 });
    expect(await photoToSend(cmyk)).toBe(cmyk);
    expect(createImageBitmap).not.toHaveBeenCalled();
    expect(drawn).toEqual([]);
    browserThatDecodes("damaged");
    const damaged = photo("image/jpeg", 1_200_000);
    expect(await photoToSend(damaged)).toBe(damaged);
  });
});

describe("jpegFrame", () => {
  it("reads the size and components of a real photo's frame header, past its EXIF block", async () => {
    const { readFileSync } = await import("node:fs");
    const bytes = new Uint8Array(readFileSync("tests/fixtures/living-room-phone-4032x3024.jpg"));
    expect(jpegFrame(bytes.subarray(0, 256 * 1024))).toEqual({ width: 4032, height: 3024, components: 3 });
    expect(jpegFrame(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
  });
});
