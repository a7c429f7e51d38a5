import "server-only";
import { env } from "@/env";
import type { BuyerDetails } from "@/server/db/schema";

/** The seller as invoices name it (INVOICE_SELLER_*). */
export function sellerDetails(): BuyerDetails {
  const e = env();
  return { companyName: e.INVOICE_SELLER_NAME, taxId: e.INVOICE_SELLER_NIP, country: "PL", street: e.INVOICE_SELLER_STREET, postalCode: e.INVOICE_SELLER_POSTAL_CODE, city: e.INVOICE_SELLER_CITY };
}
