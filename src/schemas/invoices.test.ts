import { describe, expect, it } from "vitest";
import { billingDetailsSchema, isValidNip, parseTaxId } from "./invoices";

describe("tax ids", () => {
  it("accepts a NIP only with its checksum, written with dashes or a PL prefix", () => {
    expect(isValidNip("1234563218")).toBe(true);
    expect(isValidNip("123-456-32-18")).toBe(true);
    expect(isValidNip("1234563219")).toBe(false);
    expect(isValidNip("123456321")).toBe(false);
    expect(parseTaxId("PL 123-456-32-18")).toEqual({ kind: "nip", nip: "1234563218" });
    expect(parseTaxId("1234563217")).toBeNull();
  });

  it("accepts EU VAT numbers in their country's format", () => {
    expect(parseTaxId("DE123456789")).toEqual({ kind: "eu", country: "DE", number: "123456789" });
    expect(parseTaxId("ATU12345678")).toEqual({ kind: "eu", country: "AT", number: "U12345678" });
    expect(parseTaxId("NL123456789B01")).toEqual({ kind: "eu", country: "NL", number: "123456789B01" });
    expect(parseTaxId("DE12345678")).toBeNull();
    expect(parseTaxId("US123456789")).toBeNull();
  });

  it("names the field a company's details miss", () => {
    const result = billingDetailsSchema.safeParse({ companyName: "Wisła Nieruchomości", taxId: "1234563219", street: "Złota 44", postalCode: "00-120", city: "Warszawa" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ["taxId"], message: "badTaxId" });
    const ok = billingDetailsSchema.parse({ companyName: "Wisła", taxId: "PL1234563218", street: "Złota 44", postalCode: "00-120", city: "Warszawa" });
    expect(ok.taxId).toBe("1234563218");
  });
});
