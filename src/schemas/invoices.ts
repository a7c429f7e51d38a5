import { z } from "zod";

/**
 * A Polish NIP: ten digits whose last is the checksum — the first nine weighted 6, 5, 7, 2, 3, 4, 5, 6, 7, summed,
 * modulo 11 (a remainder of 10 is never issued). Dashes and spaces as people write it are allowed.
 */
export function isValidNip(value: string): boolean {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{10}$/.test(digits)) return false;
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  return sum % 11 === Number(digits[9]);
}

/**
 * The formats of EU VAT numbers after their country prefix, as the European Commission's VIES lists them
 * (Greece is EL, Northern Ireland XI). A format check only: whether the number is registered is VIES's to say.
 */
const euVatFormats: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d{7}[A-W][A-I]?$|^\d[A-Z+*]\d{5}[A-W]$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

export type TaxId = { kind: "nip"; nip: string } | { kind: "eu"; country: string; number: string };

/** A buyer's tax id: a NIP (optionally prefixed PL) or an EU VAT number with its prefix; null when neither. */
export function parseTaxId(value: string): TaxId | null {
  const compact = value.replace(/[\s.-]/g, "").toUpperCase();
  const nip = compact.startsWith("PL") ? compact.slice(2) : compact;
  if (/^\d{10}$/.test(nip)) return isValidNip(nip) ? { kind: "nip", nip } : null;
  const country = compact.slice(0, 2);
  const number = compact.slice(2);
  const format = euVatFormats[country];
  return format && format.test(number) ? { kind: "eu", country, number } : null;
}

/**
 * A business in another EU member state: it accounts for the VAT of our service itself (reverse charge, art. 28b and
 * art. 17 ust. 1 pkt 4 of the VAT Act; art. 196 of Directive 2006/112/EC). Northern Ireland's XI numbers are for
 * goods only, so its businesses are charged as before.
 */
export function isReverseChargeTaxId(value: string): boolean {
  const id = parseTaxId(value);
  return id?.kind === "eu" && id.country !== "XI";
}

const line = (max: number, empty: string) => z.string(empty).trim().min(1, empty).max(max, "fieldTooLong");

/** The longest each company detail may be, in characters: the schema's limits, which the form's fields share. */
export const billingDetailsMaxLength = { companyName: 256, taxId: 32, street: 200, postalCode: 20, city: 100 } as const;

/** The company an invoice goes to, as the checkout's "I need an invoice" and the settings take it. */
export const billingDetailsSchema = z.object({
  companyName: line(billingDetailsMaxLength.companyName, "noCompanyName"),
  taxId: z
    .string("badTaxId")
    .trim()
    .refine((value) => parseTaxId(value) !== null, "badTaxId")
    .transform((value) => {
      const id = parseTaxId(value)!;
      return id.kind === "nip" ? id.nip : `${id.country}${id.number}`;
    }),
  street: line(billingDetailsMaxLength.street, "noStreet"),
  postalCode: line(billingDetailsMaxLength.postalCode, "noPostalCode"),
  city: line(billingDetailsMaxLength.city, "noCity"),
});
export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
