import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildFa3Xml } from "./build-fa3-xml";
import type { InvoiceDocument } from "./invoice-document";

const schemaDir = path.join(import.meta.dirname, "fa3-schema");
const hasXmllint = spawnSync("xmllint", ["--version"]).status === 0;
if (!hasXmllint && process.env.CI === "true") throw new Error("xmllint (Debian's libxml2-utils) is needed to check FA(3) invoices against the schema");
const dir = mkdtempSync(path.join(tmpdir(), "aranzer-fa3-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Validates with libxml2 against the Ministry's XSD, its imports resolved to the copies beside it (no network). */
function validate(xml: string): { ok: boolean; output: string } {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(file, xml);
  const run = spawnSync("xmllint", ["--nonet", "--noout", "--schema", path.join(schemaDir, "schemat_FA3_v1-0E.xsd"), file], {
    env: { ...process.env, XML_CATALOG_FILES: path.join(schemaDir, "catalog.xml") },
    encoding: "utf8",
  });
  return { ok: run.status === 0, output: run.stderr };
}

const seller = { companyName: "Aranżer sp. z o.o.", taxId: "1234563218", country: "PL", street: "ul. Złota 44", postalCode: "00-120", city: "Warszawa" };
const doc: InvoiceDocument = {
  kind: "invoice",
  number: "FV/7/2026",
  issuedAt: new Date("2026-11-28T23:30:00Z"),
  paidAt: new Date("2026-11-28T22:29:00Z"),
  periodStart: new Date("2026-11-28T22:29:00Z"),
  periodEnd: new Date("2026-12-28T22:29:00Z"),
  seller,
  buyer: { companyName: "Biuro Nieruchomości „Wisła” & Syn", taxId: "5260250274", country: "PL", street: "ul. Żelazna 5/7", postalCode: "00-001", city: "Łódź" },
  item: "Aranżer Pro – subskrypcja miesięczna (500 tokenów)",
  grossGrosze: 8499,
  netGrosze: 6910,
  vatGrosze: 1589,
  corrects: null,
};

describe.skipIf(!hasXmllint)("FA(3) XML", () => {
  it("validates against the Ministry of Finance's schema, with the amounts and dates in Polish time", () => {
    const xml = buildFa3Xml(doc);
    expect(validate(xml)).toEqual({ ok: true, output: expect.stringContaining("validates") });
    expect(xml).toContain("<P_13_1>69.10</P_13_1><P_14_1>15.89</P_14_1><P_15>84.99</P_15>");
    // 23:30 UTC on 28 November is 29 November in Warsaw.
    expect(xml).toContain("<P_1>2026-11-29</P_1>");
    expect(xml).toContain("&amp; Syn");
  });

  it("validates for an EU buyer and as a correcting invoice", () => {
    expect(validate(buildFa3Xml({ ...doc, buyer: { ...doc.buyer, taxId: "DE123456789", country: "DE" } })).ok).toBe(true);
    const correction = buildFa3Xml({ ...doc, kind: "correction", number: "KOR/1/2026", corrects: { number: "FV/7/2026", issuedAt: doc.issuedAt, ksefNumber: null, reason: "Zwrot płatności" } });
    expect(validate(correction)).toMatchObject({ ok: true });
    expect(correction).toContain("<P_15>-84.99</P_15>");
  });

  it("is refused by the schema when a required part is missing (the check can fail)", () => {
    const broken = buildFa3Xml(doc).replace(/<P_2>[^<]*<\/P_2>/, "");
    expect(validate(broken).ok).toBe(false);
  });
});
