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
  reverseCharge: false,
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

  const corrects = { number: "FV/7/2026", issuedAt: doc.issuedAt, ksefNumber: null, grossGrosze: doc.grossGrosze, reason: "Zwrot płatności" };

  it("validates as a correcting invoice of a full refund: the line returned, every amount negative", () => {
    const correction = buildFa3Xml({ ...doc, kind: "correction", number: "KOR/1/2026", corrects });
    expect(validate(correction)).toMatchObject({ ok: true });
    expect(correction).toContain("<RodzajFaktury>KOR</RodzajFaktury><PrzyczynaKorekty>Zwrot płatności</PrzyczynaKorekty>");
    expect(correction).toContain("<DataWystFaKorygowanej>2026-11-29</DataWystFaKorygowanej><NrFaKorygowanej>FV/7/2026</NrFaKorygowanej><NrKSeFN>1</NrKSeFN>");
    expect(correction).toContain("<P_13_1>-69.10</P_13_1><P_14_1>-15.89</P_14_1><P_15>-84.99</P_15>");
    expect(correction).toContain("<P_8B>-1</P_8B><P_9B>84.99</P_9B><P_11A>-84.99</P_11A>");
  });

  it("validates as a correcting invoice of a partial refund: the price lowered by the refund", () => {
    const partial = buildFa3Xml({ ...doc, kind: "correction", number: "KOR/2/2026", grossGrosze: 4000, vatGrosze: 748, netGrosze: 3252, corrects: { ...corrects, ksefNumber: "1234563218-20261129-0100A3B2C1D0-7F", reason: "Częściowy zwrot płatności" } });
    expect(validate(partial)).toMatchObject({ ok: true });
    expect(partial).toContain("<P_8B>1</P_8B><P_9B>-40.00</P_9B><P_11A>-40.00</P_11A>");
    expect(partial).toContain("<P_13_1>-32.52</P_13_1><P_14_1>-7.48</P_14_1><P_15>-40.00</P_15>");
    expect(partial).toContain("<NrKSeF>1</NrKSeF><NrKSeFFaKorygowanej>1234563218-20261129-0100A3B2C1D0-7F</NrKSeFFaKorygowanej>");
  });

  it("validates as a net invoice with reverse charge for an EU business, and as its correction", () => {
    const buyer = { ...doc.buyer, taxId: "DE123456789", country: "DE" };
    const net = { ...doc, buyer, reverseCharge: true, grossGrosze: 6910, netGrosze: 6910, vatGrosze: 0 };
    const xml = buildFa3Xml(net);
    expect(validate(xml)).toMatchObject({ ok: true });
    expect(xml).toContain("<KodUE>DE</KodUE><NrVatUE>123456789</NrVatUE>");
    expect(xml).toContain("<P_13_9>69.10</P_13_9><P_15>69.10</P_15>");
    expect(xml).not.toContain("<P_14_1>");
    expect(xml).toContain("<P_18>1</P_18>");
    expect(xml).toContain("<P_8B>1</P_8B><P_9A>69.10</P_9A><P_11>69.10</P_11><P_12>np II</P_12>");
    const correction = buildFa3Xml({ ...net, kind: "correction", number: "KOR/3/2026", corrects: { ...corrects, grossGrosze: 6910 } });
    expect(validate(correction)).toMatchObject({ ok: true });
    expect(correction).toContain("<P_13_9>-69.10</P_13_9><P_15>-69.10</P_15>");
  });

  it("validates for an EU buyer at the Polish rate (the buyer's VAT number in KodUE/NrVatUE)", () => {
    expect(validate(buildFa3Xml({ ...doc, buyer: { ...doc.buyer, taxId: "DE123456789", country: "DE" } })).ok).toBe(true);
  });

  it("is refused by the schema when a required part is missing (the check can fail)", () => {
    const broken = buildFa3Xml(doc).replace(/<P_2>[^<]*<\/P_2>/, "");
    expect(validate(broken).ok).toBe(false);
    // A rate the schema does not list is refused too.
    expect(validate(buildFa3Xml(doc).replace("<P_12>23</P_12>", "<P_12>np</P_12>")).ok).toBe(false);
  });
});
