import type { Locale } from "@/config/routes";
import type { invoice } from "@/server/db/schema";
import type { InvoiceDocument } from "./invoice-document";
import { invoiceItem } from "./invoice-item";

type InvoiceRow = typeof invoice.$inferSelect;

/** A stored invoice as the document its XML and PDF show (in Polish, or in English for the English PDF); a correction names the invoice it corrects. */
export function toInvoiceDocument(row: InvoiceRow, corrected: InvoiceRow | null, locale: Locale = "pl"): InvoiceDocument {
  return {
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt,
    paidAt: row.paidAt,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    seller: row.seller,
    buyer: row.buyer,
    item: invoiceItem(row.productId, row.extraSeats, locale),
    grossGrosze: row.grossGrosze,
    netGrosze: row.netGrosze,
    vatGrosze: row.vatGrosze,
    reverseCharge: row.reverseCharge,
    corrects: corrected
      ? {
          number: corrected.number,
          issuedAt: corrected.issuedAt,
          ksefNumber: corrected.ksefNumber,
          grossGrosze: corrected.grossGrosze,
          reason: correctionReasons[locale][row.grossGrosze < corrected.grossGrosze ? "partial" : "whole"],
        }
      : null,
  };
}

const correctionReasons = {
  pl: { partial: "Częściowy zwrot płatności", whole: "Zwrot płatności" },
  en: { partial: "Partial refund of the payment", whole: "Refund of the payment" },
} as const;
