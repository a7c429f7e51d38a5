import { describe, expect, it } from "vitest";
import { invoiceFileName } from "./invoice-file-name";

describe("invoiceFileName", () => {
  it("names a Polish PDF and the XML by the number alone, an English PDF as an invoice", () => {
    expect(invoiceFileName({ number: "FV/1/2026", format: "pdf", locale: "pl" })).toBe("FV-1-2026.pdf");
    expect(invoiceFileName({ number: "FV/1/2026", format: "pdf", locale: "en" })).toBe("invoice-FV-1-2026.pdf");
    expect(invoiceFileName({ number: "FV/1/2026", format: "xml", locale: "en" })).toBe("FV-1-2026.xml");
  });
});
