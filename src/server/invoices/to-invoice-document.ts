import type { invoice } from "@/server/db/schema";
import type { InvoiceDocument } from "./invoice-document";
import { invoiceItem } from "./invoice-item";

type InvoiceRow = typeof invoice.$inferSelect;

/** A stored invoice as the document its XML and PDF show; a correction names the invoice it corrects. */
export function toInvoiceDocument(row: InvoiceRow, corrected: InvoiceRow | null): InvoiceDocument {
  return {
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt,
    paidAt: row.paidAt,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    seller: row.seller,
    buyer: row.buyer,
    item: invoiceItem(row.productId, row.extraSeats),
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
          reason: row.grossGrosze < corrected.grossGrosze ? "Częściowy zwrot płatności" : "Zwrot płatności",
        }
      : null,
  };
}
