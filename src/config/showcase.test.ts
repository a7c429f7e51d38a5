import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { roomFits } from "./edit-modes";
import { libraryPhotos } from "./library";
import { isShowcasePhoto, isShowcaseStyle, landingPairs, showcase, showcaseSrc, showcaseStyleIds, showcaseWidths } from "./showcase";

const file = (src: string) => path.join(process.cwd(), "public", src);

/** The shipped examples (npm run showcase) must match their manifest, or the landing page shows broken images. */
describe("the showcase", () => {
  it("has every library room in every showcase style at every width, each variant of a photo the same size", async () => {
    // The examples are restyles: of the library's rooms, not of its exterior.
    const rooms = libraryPhotos.filter((photo) => roomFits("restyle", photo.roomType));
    expect(Object.keys(showcase.photos).sort()).toEqual(rooms.map((photo) => photo.id).sort());
    for (const [photoId, size] of Object.entries(showcase.photos)) {
      for (const variant of ["before", ...showcaseStyleIds] as const) {
        for (const width of showcaseWidths) {
          const src = showcaseSrc(photoId, variant, width);
          expect(existsSync(file(src)), src).toBe(true);
          const meta = await sharp(file(src)).metadata();
          expect(meta.format, src).toBe("webp");
          expect(meta.width, src).toBe(width);
          expect(meta.height, src).toBe(Math.round((size.height * width) / size.width));
        }
      }
    }
  });

  it("takes only its own photo ids from a query string", () => {
    expect(isShowcasePhoto("kitchen")).toBe(true);
    for (const hostile of ["__proto__", "constructor", "toString", "../kitchen", ""]) expect(isShowcasePhoto(hostile), hostile).toBe(false);
    expect(isShowcaseStyle("__proto__")).toBe(false);
  });

  it("uses showcase styles and photos on the landing page", () => {
    for (const pair of landingPairs) {
      expect(showcase.photos[pair.photoId]).toBeDefined();
      expect(showcaseStyleIds).toContain(pair.styleId);
    }
  });
});
