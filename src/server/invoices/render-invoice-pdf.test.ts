import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { renderInvoicePdf } from "./render-invoice-pdf";

const party = { companyName: "Łódzkie Biuro Nieruchomości „Źródło”", taxId: "5260250274", country: "PL", street: "ul. Żółta 5", postalCode: "90-001", city: "Łódź" };
const doc = {
  kind: "invoice" as const,
  number: "FV/3/2026",
  issuedAt: new Date("2026-11-28T12:00:00Z"),
  paidAt: new Date("2026-11-28T11:59:00Z"),
  periodStart: new Date("2026-11-28T11:59:00Z"),
  periodEnd: new Date("2026-12-28T11:59:00Z"),
  seller: { ...party, companyName: "Aranżer sp. z o.o." },
  buyer: party,
  item: "Aranżer Pro – subskrypcja miesięczna (500 tokenów)",
  grossGrosze: 8499,
  netGrosze: 6910,
  vatGrosze: 1589,
  reverseCharge: false,
  corrects: null,
};

describe("invoice PDF", () => {
  it("is a PDF with Inter embedded, in Polish and in English", async () => {
    for (const locale of ["pl", "en"] as const) {
      const pdf = await renderInvoicePdf(doc, locale);
      const text = pdf.toString("latin1");
      expect(text.startsWith("%PDF-")).toBe(true);
      expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+Inter/);
      expect(text).toContain(locale === "pl" ? "(Faktura VAT FV/3/2026)" : "(VAT invoice FV/3/2026)");
    }
  });

  it("draws the Polish letters with the font's own glyphs (none missing)", async () => {
    const pdf = await renderInvoicePdf(doc, "pl");
    // The embedded fonts' character maps list every code point used; ł, ż, ó, ź and „ ” must be among them.
    const streams = [...pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
      try {
        return inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
      } catch {
        return "";
      }
    });
    const cmap = streams.filter((s) => s.includes("begincmap")).join("\n");
    for (const code of ["0142", "017c", "00f3", "017a", "201e"]) expect(cmap.toLowerCase()).toContain(`<${code}>`);
  });
});
