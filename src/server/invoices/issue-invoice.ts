import "server-only";
import { and, eq } from "drizzle-orm";
import { PERIOD_MONTHS, vatOf } from "@/config/plans";
import type { DbOrTx } from "@/server/db/client";
import { billingDetails, checkoutOrder, invoice, payment, team } from "@/server/db/schema";
import { newId } from "@/server/db/new-id";
import { isReverseChargeTaxId } from "@/schemas/invoices";
import { buildFa3Xml } from "./build-fa3-xml";
import { nextInvoiceNumber } from "./next-invoice-number";
import { sellerDetails } from "./seller-details";
import { toInvoiceDocument } from "./to-invoice-document";

/**
 * The VAT invoice of one paid payment, when the order behind it asked for one: numbered in the year's gap-free
 * FV series, with the seller's and the buyer's details as they are now, net, VAT 23% and gross in PLN (the price
 * is gross; a business in another EU country paid net, under reverse charge), the service period (a plan's month,
 * or the day a pack was paid) and the payment date, its FA(3) XML kept with it. Runs any number of times for a payment and issues once; null when no invoice is due.
 */
export async function issueInvoice(options: { db: DbOrTx; paymentId: string; orderId: string | null; now?: Date }): Promise<typeof invoice.$inferSelect | null> {
  const { db } = options;
  if (!options.orderId) return null;
  const [order] = await db
    .select({ userId: checkoutOrder.userId, teamId: checkoutOrder.teamId, invoiceRequested: checkoutOrder.invoiceRequested, reverseCharge: checkoutOrder.reverseCharge, extraSeats: checkoutOrder.extraSeats })
    .from(checkoutOrder)
    .where(eq(checkoutOrder.id, options.orderId));
  if (!order?.invoiceRequested) return null;
  return db.transaction(async (tx) => {
    // The payment's row lock makes two issuers of one payment (the webhook and the success page) take turns.
    const [paid] = await tx.select().from(payment).where(and(eq(payment.id, options.paymentId), eq(payment.status, "paid"))).for("update");
    if (!paid) return null;
    const [existing] = await tx.select().from(invoice).where(and(eq(invoice.paymentId, paid.id), eq(invoice.kind, "invoice")));
    if (existing) return existing;
    const [buyer] = await tx.select({ details: billingDetails.details }).from(billingDetails).where(eq(billingDetails.userId, order.userId));
    if (!buyer) return null;
    // A team's renewal pays for the seats it has now (the owner may have changed them since the order).
    const [renewed] = paid.kind === "renewal" && order.teamId ? await tx.select({ extraSeats: team.extraSeats }).from(team).where(eq(team.id, order.teamId)) : [];
    const issuedAt = options.now ?? new Date();
    const periodEnd = paid.kind === "pack" ? paid.createdAt : (paid.periodEnd ?? paid.createdAt);
    const periodStart = paid.kind === "pack" ? paid.createdAt : new Date(periodEnd);
    if (paid.kind !== "pack") periodStart.setUTCMonth(periodStart.getUTCMonth() - PERIOD_MONTHS);
    // Reverse charge needs the net price charged (the order) and a buyer still in another EU country (its details now).
    const reverseCharge = order.reverseCharge && isReverseChargeTaxId(buyer.details.taxId);
    const vat = reverseCharge ? 0 : vatOf(paid.amountGrosze);
    const { year, seq, number } = await nextInvoiceNumber(tx, "FV", issuedAt);
    const row = {
      id: newId(),
      kind: "invoice" as const,
      number,
      series: "FV",
      year,
      seq,
      userId: order.userId,
      teamId: order.teamId,
      paymentId: paid.id,
      correctsInvoiceId: null,
      productId: paid.productId,
      seller: sellerDetails(),
      buyer: buyer.details,
      grossGrosze: paid.amountGrosze,
      netGrosze: paid.amountGrosze - vat,
      vatGrosze: vat,
      reverseCharge,
      // A plan's period pays its extra seats too; a pack has none.
      extraSeats: paid.kind === "pack" ? 0 : (renewed?.extraSeats ?? order.extraSeats),
      periodStart,
      periodEnd,
      paidAt: paid.createdAt,
      issuedAt,
      ksefNumber: null,
      ksefReference: null,
    };
    const [written] = await tx
      .insert(invoice)
      .values({ ...row, xml: buildFa3Xml(toInvoiceDocument({ ...row, xml: "" }, null)) })
      .returning();
    return written!;
  });
}
