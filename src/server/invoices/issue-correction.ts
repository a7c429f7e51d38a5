import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { vatOf } from "@/config/plans";
import { getDb, type DbOrTx } from "@/server/db/client";
import { invoice } from "@/server/db/schema";
import { newId } from "@/server/db/new-id";
import { AppError } from "@/server/errors";
import { buildFa3Xml } from "./build-fa3-xml";
import { nextInvoiceNumber } from "./next-invoice-number";
import { toInvoiceDocument } from "./to-invoice-document";

/**
 * The correcting invoice (KOR series) after a refund of `refundedGrosze` in all (the whole payment when unset):
 * it takes back what earlier corrections of the invoice did not, so a second partial refund gets a second
 * correction of the difference and replays get none. The amounts add up exactly: once all is refunded the
 * corrections' VAT is the invoice's VAT. It names the corrected invoice (and its KSeF number once it has one).
 * Returns the newest correction, or null when nothing was refunded.
 */
export async function issueCorrection(options: { invoiceId: string; refundedGrosze?: number; db?: DbOrTx; now?: Date }): Promise<typeof invoice.$inferSelect | null> {
  const db = options.db ?? (await getDb());
  return db.transaction(async (tx) => {
    // The invoice's row lock makes corrections of one invoice take turns.
    const [original] = await tx.select().from(invoice).where(and(eq(invoice.id, options.invoiceId), eq(invoice.kind, "invoice"))).for("update");
    if (!original) throw new AppError("NOT_FOUND");
    const earlier = await tx.select().from(invoice).where(eq(invoice.correctsInvoiceId, original.id)).orderBy(desc(invoice.seq));
    const refunded = Math.min(original.grossGrosze, options.refundedGrosze ?? original.grossGrosze);
    const correctedGross = earlier.reduce((sum, c) => sum + c.grossGrosze, 0);
    if (refunded <= correctedGross) return earlier[0] ?? null;
    const vatInAll = refunded === original.grossGrosze ? original.vatGrosze : original.reverseCharge ? 0 : vatOf(refunded);
    const grossGrosze = refunded - correctedGross;
    const vatGrosze = vatInAll - earlier.reduce((sum, c) => sum + c.vatGrosze, 0);
    const issuedAt = options.now ?? new Date();
    const { year, seq, number } = await nextInvoiceNumber(tx, "KOR", issuedAt);
    const row = {
      ...original,
      id: newId(),
      kind: "correction" as const,
      number,
      series: "KOR",
      year,
      seq,
      correctsInvoiceId: original.id,
      grossGrosze,
      vatGrosze,
      netGrosze: grossGrosze - vatGrosze,
      issuedAt,
      ksefNumber: null,
      ksefReference: null,
    };
    const [written] = await tx
      .insert(invoice)
      .values({ ...row, xml: buildFa3Xml(toInvoiceDocument(row, original)) })
      .returning();
    return written!;
  });
}
