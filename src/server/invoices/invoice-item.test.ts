import { describe, expect, it } from "vitest";
import { invoiceItem } from "./invoice-item";

describe("an invoice's line", () => {
  it("is Polish on the invoice and its XML, English on the English PDF, with a team plan's extra seats", () => {
    expect(invoiceItem("pro")).toBe("Aranżer Pro – subskrypcja miesięczna (500 tokenów)");
    expect(invoiceItem("pro", 2, "en")).toBe("Aranżer Pro – monthly subscription (500 tokens) with 2 extra team seats");
    expect(invoiceItem("pro", 1)).toBe("Aranżer Pro – subskrypcja miesięczna (500 tokenów) z 1 dodatkowym miejscem w zespole");
    expect(invoiceItem("pack10", 0, "en")).toBe("Aranżer – pack of 10 tokens (one-off)");
    expect(invoiceItem("pack50")).toBe("Aranżer – pakiet 50 tokenów (jednorazowo)");
  });
});
