import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/server/db/client";
import { invoice } from "@/server/db/schema";
import { newId } from "@/server/db/new-id";
import { AppError } from "@/server/errors";
import { buildFa3Xml } from "./build-fa3-xml";
import { nextInvoiceNumber } from "./next-invoice-number";
import { toInvoiceDocument } from "./to-invoice-document";

/**
 * The correcting invoice (KOR series) after a payment was refunded in full: the same line with its amounts
 * taken back, naming the corrected invoice (and its KSeF number once it has one). Issued once per invoice.
 */
export async function issueCorrection(options: { invoiceId: string; db?: DbOrTx; now?: Date }): Promise<typeof invoice.$inferSelect> {
  const db = options.db ?? (await getDb());
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(invoice).where(and(eq(invoice.id, options.invoiceId), eq(invoice.kind, "invoice"))).for("update");
    if (!original) throw new AppError("NOT_FOUND");
    const [existing] = await tx.select().from(invoice).where(and(eq(invoice.paymentId, original.paymentId), eq(invoice.kind, "correction")));
    if (existing) return existing;
    const issuedAt = options.now ?? new Date();
    const { year, seq, number } = await nextInvoiceNumber(tx, "KOR", issuedAt);
    const row = { ...original, id: newId(), kind: "correction" as const, number, series: "KOR", year, seq, correctsInvoiceId: original.id, issuedAt, ksefNumber: null, ksefReference: null };
    const [written] = await tx
      .insert(invoice)
      .values({ ...row, xml: buildFa3Xml(toInvoiceDocument(row, original)) })
      .returning();
    return written!;
  });
}
