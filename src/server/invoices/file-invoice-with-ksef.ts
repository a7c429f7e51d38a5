import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { invoice } from "@/server/db/schema";
import { log } from "@/server/log";
import type { KsefClient } from "./create-ksef-client";

const PENDING = "sending";

/**
 * Files an invoice with KSeF once and writes its KSeF number back when KSeF has accepted it. The first caller
 * claims the invoice (ksef_reference), so the webhook and the success page never send it twice; later calls
 * ask for the status of the filing until the number is there. Returns the KSeF number, or null for now.
 */
export async function fileInvoiceWithKsef(options: { db: DbOrTx; invoiceId: string; client: KsefClient }): Promise<string | null> {
  const { db, client } = options;
  const [row] = await db.select().from(invoice).where(eq(invoice.id, options.invoiceId));
  if (!row) return null;
  if (row.ksefNumber) return row.ksefNumber;
  let reference = row.ksefReference;
  if (reference === null) {
    const claimed = await db.update(invoice).set({ ksefReference: PENDING }).where(and(eq(invoice.id, row.id), isNull(invoice.ksefReference))).returning({ id: invoice.id });
    if (claimed.length === 0) return null;
    try {
      const filing = await client.file(row.xml);
      reference = `${filing.sessionReference} ${filing.invoiceReference}`;
      await db.update(invoice).set({ ksefReference: reference }).where(eq(invoice.id, row.id));
    } catch (error) {
      await db.update(invoice).set({ ksefReference: null }).where(eq(invoice.id, row.id));
      throw error;
    }
  }
  if (reference === PENDING) return null;
  const [sessionReference, invoiceReference] = reference.split(" ") as [string, string];
  const status = await client.status({ sessionReference, invoiceReference });
  if (status.code === 200 && status.ksefNumber) {
    await db.update(invoice).set({ ksefNumber: status.ksefNumber }).where(eq(invoice.id, row.id));
    return status.ksefNumber;
  }
  if (status.code >= 400) log.error("invoices.ksef_refused", { invoiceId: row.id, code: status.code, description: status.description });
  return null;
}
