// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { photoToSend } from "./shrink-photo";

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

const photo = (type: string, bytes: number, name = "pokoj.jpg") => new File([new Uint8Array(bytes)], name, { type });

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
    const small = photo("image/jpeg", 1_500_000);
    expect(await photoToSend(small)).toBe(small);
    browserThatDecodes({ width: 9000, height: 6000 });
    const tooManyPixels = photo("image/jpeg", 15_000_000);
    expect(await photoToSend(tooManyPixels)).toBe(tooManyPixels);
    browserThatDecodes("damaged");
    const damaged = photo("image/jpeg", 1_200_000);
    expect(await photoToSend(damaged)).toBe(damaged);
  });
});
