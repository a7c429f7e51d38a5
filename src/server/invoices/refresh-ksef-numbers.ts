import "server-only";
import { getDb } from "@/server/db/client";
import { log } from "@/server/log";
import { fileInvoiceWithKsef } from "./file-invoice-with-ksef";
import { getInvoiceFiler } from "./get-invoice-filer";
import { listInvoices } from "./list-invoices";

/** With INVOICE_FILER=ksef: the person's invoices not yet numbered by KSeF are filed or asked about again (a few at a time). */
export async function refreshKsefNumbers(options: { userId: string }): Promise<void> {
  const filer = getInvoiceFiler();
  if (!filer) return;
  const db = await getDb();
  const pending = (await listInvoices({ userId: options.userId, db })).filter((i) => i.ksefNumber === null).slice(0, 5);
  for (const { id } of pending) {
    await fileInvoiceWithKsef({ db, invoiceId: id, client: filer }).catch((error: unknown) => log.warn("invoices.ksef_status_failed", { invoiceId: id, error }));
  }
}
