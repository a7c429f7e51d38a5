import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { catalogs } from "@/i18n/catalogs";
import { findLibraryPhoto, libraryPhotos } from "./library";
import { roomTypes } from "./room-types";

const fileOf = (url: string) => path.join(process.cwd(), "public", url);

/** The profile description of an ICC profile (its 'desc' tag, v2 'desc' or v4 'mluc'). */
function iccDescription(icc: Buffer): string {
  const count = icc.readUInt32BE(128);
  for (let i = 0; i < count; i++) {
    const entry = 132 + i * 12;
    if (icc.toString("latin1", entry, entry + 4) !== "desc") continue;
    const offset = icc.readUInt32BE(entry + 4);
    const type = icc.toString("latin1", offset, offset + 4);
    if (type === "desc") return icc.toString("latin1", offset + 12, offset + 12 + icc.readUInt32BE(offset + 8) - 1);
    if (type === "mluc") {
      const length = icc.readUInt32BE(offset + 20);
      const start = offset + icc.readUInt32BE(offset + 24);
      return icc.subarray(start, start + length).swap16().toString("utf16le");
    }
  }
  return "";
}

describe("example-photo library", () => {
  it("has exactly one photo per room type, in the order of roomTypes", () => {
    expect(libraryPhotos.map((p) => p.roomType)).toEqual(roomTypes);
    expect(new Set(libraryPhotos.map((p) => p.id)).size).toBe(libraryPhotos.length);
  });

  it("finds photos by id", () => {
    for (const photo of libraryPhotos) expect(findLibraryPhoto(photo.id)).toBe(photo);
    expect(findLibraryPhoto("garage")).toBeUndefined();
    expect(findLibraryPhoto("")).toBeUndefined();
  });

  it("points at public URLs under /library/", () => {
    for (const photo of libraryPhotos) expect(photo.file).toMatch(/^\/library\/[a-z-]+\.jpg$/);
  });

  it("credits each photo in the page's language, its source address and licence as written", () => {
    const credits = (locale: "pl" | "en") => {
      const t = createTranslator({ locale, messages: catalogs[locale], namespace: "design" });
      return Object.fromEntries(libraryPhotos.map((photo) => [photo.id, t("libraryCredit", photo.credit)]));
    };
    expect(credits("pl")).toMatchObject({
      "living-room": "Zdjęcie: pxhere.com/en/photo/1367038 (CC0 1.0)",
      "dining-room": "Wyrenderowane w Blenderze dla Aranżera",
      garden: "Wygenerowane proceduralnie dla Aranżera",
    });
    expect(credits("en")).toMatchObject({
      "living-room": "Photo: pxhere.com/en/photo/1367038 (CC0 1.0)",
      "dining-room": "Rendered in Blender for Aranżer",
      garden: "Drawn procedurally for Aranżer",
    });
  });

  for (const photo of libraryPhotos) {
    it(`${photo.file}: exists, has the configured size, a long side of at most 1536 px and no metadata`, async () => {
      const data = await readFile(fileOf(photo.file));
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe("jpeg");
      expect({ width: meta.width, height: meta.height }).toEqual({ width: photo.width, height: photo.height });
      expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(1536);
      expect(meta.isProgressive).toBe(true);
      expect(meta.space).toBe("srgb");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      if (meta.icc) expect(iccDescription(meta.icc)).toMatch(/sRGB/);
      // no APP1 (EXIF/XMP) or APP13 (IPTC) segment at all, whatever sharp makes of them
      for (let i = 2; i + 4 < data.length && data[i] === 0xff && data[i + 1] !== 0xda; i += 2 + data.readUInt16BE(i + 2)) {
        expect([0xe1, 0xed]).not.toContain(data[i + 1]);
      }
    });
  }
});
