import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { invoice } from "@/server/db/schema";
import { log } from "@/server/log";
import type { KsefClient } from "./create-ksef-client";
import { fileInvoiceWithKsef } from "./file-invoice-with-ksef";
import { getInvoiceFiler } from "./get-invoice-filer";
import { issueCorrection } from "./issue-correction";

/**
 * After a refund of a payment that has a VAT invoice: the correcting invoice for what was refunded so far, filed
 * with KSeF when INVOICE_FILER=ksef (a filing that fails is tried again when the invoices page asks for numbers).
 * Nothing for a payment without an invoice (a consumer's receipt).
 */
export async function correctRefundedInvoice(options: {
  db: DbOrTx;
  paymentId: string;
  refundedGrosze: number;
  /** Where invoices are filed; unset: as configured (INVOICE_FILER). */
  filer?: KsefClient | null;
  now?: Date;
}): Promise<typeof invoice.$inferSelect | null> {
  const [original] = await options.db.select({ id: invoice.id }).from(invoice).where(and(eq(invoice.paymentId, options.paymentId), eq(invoice.kind, "invoice")));
  if (!original) return null;
  const correction = await issueCorrection({ db: options.db, invoiceId: original.id, refundedGrosze: options.refundedGrosze, now: options.now });
  const filer = options.filer === undefined ? getInvoiceFiler() : options.filer;
  if (correction && filer) {
    await fileInvoiceWithKsef({ db: options.db, invoiceId: correction.id, client: filer }).catch((error: unknown) => log.error("invoices.ksef_filing_failed", { invoiceId: correction.id, error }));
  }
  return correction;
}
