import "server-only";
import { and, eq } from "drizzle-orm";
import { payment, type PaymentProviderId } from "@/server/db/schema";
import { log } from "@/server/log";
import type { ChargeView } from "@/server/payments/payment-provider";
import { correctRefundedInvoice } from "@/server/invoices/correct-refunded-invoice";
import type { BillingContext } from "./billing-context";
import { takeBackUnspent } from "./take-back-unspent";

export type RefundOutcome = { paymentId: string; refundedGrosze: number; tokensTakenBack: number };

/**
 * The tokens a refund takes back: the refunded share of what the payment added, rounded to the nearest
 * token (all of them for a full refund), less what earlier refunds of it took.
 */
export function tokensDueBack(payment: { tokens: number; amountGrosze: number }, refundedGrosze: number): number {
  if (payment.amountGrosze <= 0) return 0;
  return Math.round((payment.tokens * Math.min(refundedGrosze, payment.amountGrosze)) / payment.amountGrosze);
}

/**
 * Records a refund the provider reports (Stripe's charge.refunded, the sandbox's equivalent). Refunds add up:
 * the charge carries the total, so a replayed or late event changes nothing. The tokens due back are taken from
 * the balance the payment filled (the person's, or the team's pool), as far as they are unspent: the balance
 * never goes below zero and what was already used stays used. A payment with a VAT invoice gets a correcting
 * invoice for the refunded amount, filed with KSeF like the invoice.
 */
export async function applyRefund(ctx: BillingContext, provider: PaymentProviderId, charge: ChargeView): Promise<RefundOutcome | null> {
  if (!charge.paymentId) {
    log.warn("billing.refund_without_payment", { provider, chargeId: charge.id });
    return null;
  }
  const [recorded] = await ctx.db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.provider, provider), eq(payment.providerPaymentId, charge.paymentId), eq(payment.status, "paid")));
  // A refund reported before its payment: failing makes the provider send it again later.
  if (!recorded) throw new Error(`A refund of ${provider} payment ${charge.paymentId} came before the payment was recorded`);

  const outcome = await ctx.db.transaction(async (tx) => {
    // The payment's row lock makes two reports of refunds to one payment take turns.
    const [row] = await tx.select().from(payment).where(eq(payment.id, recorded.id)).for("update");
    const refundedGrosze = Math.min(row!.amountGrosze, Math.max(row!.refundedGrosze, charge.refundedGrosze));
    const due = tokensDueBack(row!, refundedGrosze) - row!.tokensTakenBack;
    const taken = due > 0 ? await takeBackUnspent(tx, row!, due, `refund:${provider}:${row!.providerPaymentId}:${refundedGrosze}`, `refund:${row!.productId}:${row!.providerPaymentId}`) : 0;
    await tx
      .update(payment)
      .set({ refundedGrosze, tokensTakenBack: row!.tokensTakenBack + taken })
      .where(eq(payment.id, row!.id));
    return { paymentId: row!.id, refundedGrosze, tokensTakenBack: row!.tokensTakenBack + taken };
  });
  if (outcome.refundedGrosze > 0) await correctRefundedInvoice({ db: ctx.db, paymentId: outcome.paymentId, refundedGrosze: outcome.refundedGrosze });
  log.info("billing.refund", { provider, chargeId: charge.id, ...outcome });
  return outcome;
}
