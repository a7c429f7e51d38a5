import { readFileSync } from "node:fs";
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { portalProfiles } from "@/config/listing-portals";
import { isAppError } from "@/server/errors";
import type { ProofRow } from "@/server/provenance/create-proof";
import { readManifest } from "@/server/provenance/read-manifest";
import type { ChosenResult } from "./list-chosen-results";
import { complianceSheetFileName } from "./listing-file-name";
import { complianceSheet, makeExportEntries, refuseForbidden } from "./make-export-entries";

const photo = readFileSync("tests/fixtures/bedroom-cc0-1600x1067.jpg");
const item = (number: number, mode: ChosenResult["mode"]) => ({ photoId: `p${number}`, number, roomType: "bedroom", styleId: "japandi", mode, ai: true }) as ChosenResult;
const proof = { id: "0A1B2C3D", structureScore: 0.95 } as ProofRow;

/** The text of the QR code in the image's bottom-left corner, read as a phone would. */
async function qrText(jpeg: Buffer): Promise<string | null> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const side = Math.round(Math.min(width, height) * 0.3);
  const { data, info } = await sharp(jpeg).extract({ left: 0, top: height - side, width: side, height: side }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

describe("listing exports by portal", () => {
  it("CRMLS: the staged photo labelled, with a QR code to its proof page and a chained manifest, the original right after it", async () => {
    const { entries, row } = await makeExportEntries({ item: item(1, "stage"), profile: portalProfiles.crmls, locale: "en", listingName: "Main St 5", result: photo, original: photo, proof });
    expect(entries.map((e) => e.name)).toEqual(["main-st-5-01-bedroom-japandi.jpg", "main-st-5-01-bedroom-original.jpg"]);
    const meta = await sharp(entries[0]!.data).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2048);
    expect(await qrText(entries[0]!.data)).toMatch(/\/en\/verify\?id=0A1B2C3D$/);
    expect(await readManifest({ image: entries[0]!.data })).toMatchObject({ state: "present", intact: true });
    expect(row).toMatchObject({ number: 1, original: "main-st-5-01-bedroom-original.jpg", score: 0.95, disclosure: ["Virtually staged", "QR code to the proof page"] });
    const sheet = complianceSheet({ listingName: "Main St 5", profile: portalProfiles.crmls, locale: "en", rows: [row] });
    expect(sheet).toContain("CRMLS Rule 11.5.2");
    expect(sheet).toContain("main-st-5-01-bedroom-original.jpg");
    expect(sheet).toContain("95%");
  });

  it("the QR code reads back whatever the proof's number, on a result of the stored size", async () => {
    const result = await sharp(photo).resize(1536, 1024).jpeg().toBuffer();
    // Each number draws another pattern of modules, read back after JPEG compression.
    for (let i = 0; i < 5; i++) {
      const id = (0x10000000 + i * 0x2fdb4e3).toString(16).toUpperCase();
      const { entries } = await makeExportEntries({ item: item(1, "stage"), profile: portalProfiles.crmls, locale: "en", listingName: "Main St 5", result, original: photo, proof: { ...proof, id } });
      expect(await qrText(entries[0]!.data), id).toMatch(new RegExp(`/en/verify\\?id=${id}$`));
    }
  });

  it("MLS Now: no label and no QR code on the image; the sheet says to disclose in the remarks", async () => {
    const { entries, row } = await makeExportEntries({ item: item(2, "stage"), profile: portalProfiles.mlsnow, locale: "en", listingName: "Main St 5", result: photo, original: null, proof });
    expect(entries).toHaveLength(1);
    expect(await qrText(entries[0]!.data)).toBeNull();
    expect(row.disclosure).toEqual(["no label on the image (disclose it in the listing's remarks)"]);
    expect(row.original).toBeNull();
  });

  it("refuses a restyle (walls and floors changed) under the US MLS rules, naming the rule and the photos; Otodom takes it as a renovation preview", async () => {
    const items = [item(1, "stage"), item(2, "restyle"), item(3, "restyle")];
    const refusal = (() => {
      try {
        refuseForbidden({ items, profile: portalProfiles.crmls });
        return null;
      } catch (error) {
        return isAppError(error, "CONFLICT") ? error.details : error;
      }
    })();
    expect(refusal).toEqual({ reason: "forbiddenByPortal", rule: "CRMLS Rule 11.5.2", photos: "2, 3" });
    expect(() => refuseForbidden({ items, profile: portalProfiles.otodom })).not.toThrow();
    const { row, entries } = await makeExportEntries({ item: item(2, "restyle"), profile: portalProfiles.otodom, locale: "pl", listingName: "Złota 44", result: photo, original: photo, proof });
    expect(row.disclosure[0]).toBe("Wizualizacja remontu");
    // Named in the export's language, as its compliance sheet is.
    expect(entries.map((e) => e.name)).toEqual(["zlota-44-02-sypialnia-japandi.jpg", "zlota-44-02-sypialnia-oryginal.jpg"]);
    expect([complianceSheetFileName("pl"), complianceSheetFileName("en")]).toEqual(["zestawienie-zgodnosci.html", "compliance.html"]);
  });
});
