import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { payment, paymentDispute, team, user, type PaymentProviderId } from "@/server/db/schema";
import { log } from "@/server/log";
import type { DisputeView } from "@/server/payments/payment-provider";
import { applyLedgerEntry } from "@/server/tokens/apply-ledger-entry";
import { correctRefundedInvoice } from "@/server/invoices/correct-refunded-invoice";
import type { BillingContext } from "./billing-context";
import { takeBackUnspent } from "./take-back-unspent";

export type DisputeOutcome = { paymentId: string; state: "open" | "won" | "lost"; tokensFrozen: number };

/**
 * Follows a chargeback the provider reports (Stripe's charge.dispute.*), read again each time, so events may come
 * late, twice or out of order. Opened: the payment's tokens not yet taken back (by refunds) are withheld from the
 * balance it filled, the person's or the team's pool, as far as they are unspent (never below zero), as one
 * ledger adjustment. Won: they are given back. Lost: they stay taken, the disputed amount counts as refunded, and
 * a payment with a VAT invoice gets its correcting invoice as for a refund. A decided dispute changes no more.
 */
export async function applyDispute(ctx: BillingContext, provider: PaymentProviderId, dispute: DisputeView): Promise<DisputeOutcome | null> {
  if (!dispute.paymentId) {
    log.warn("billing.dispute_without_payment", { provider, disputeId: dispute.id });
    return null;
  }
  const [recorded] = await ctx.db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.provider, provider), eq(payment.providerPaymentId, dispute.paymentId), eq(payment.status, "paid")));
  // A dispute reported before its payment: failing makes the provider send it again later.
  if (!recorded) throw new Error(`A dispute of ${provider} payment ${dispute.paymentId} came before the payment was recorded`);

  const outcome = await ctx.db.transaction(async (tx) => {
    // The payment's row lock makes reports of its refunds and disputes take turns.
    const [paid] = await tx.select().from(payment).where(eq(payment.id, recorded.id)).for("update");
    const row = paid!;
    const key = `dispute:${provider}:${dispute.id}`;
    const reference = `dispute:${row.productId}:${row.providerPaymentId}`;
    const [known] = await tx.select().from(paymentDispute).where(and(eq(paymentDispute.provider, provider), eq(paymentDispute.providerDisputeId, dispute.id)));
    if (known && known.state !== "open") return { paymentId: row.id, state: known.state, tokensFrozen: known.tokensFrozen };

    let frozen = known?.tokensFrozen ?? 0;
    if (!known) {
      const due = row.tokens - row.tokensTakenBack;
      frozen = due > 0 ? await takeBackUnspent(tx, row, due, `${key}:withheld`, reference) : 0;
      await tx.insert(paymentDispute).values({ provider, providerDisputeId: dispute.id, paymentId: row.id, amountGrosze: dispute.amountGrosze, state: "open", tokensFrozen: frozen });
    }
    if (dispute.status === "open") return { paymentId: row.id, state: "open" as const, tokensFrozen: frozen };

    const closed = { state: dispute.status, closedAt: sql`now()` };
    if (dispute.status === "won") {
      if (frozen > 0 && (await balanceStillThere(tx, row))) {
        await applyLedgerEntry(tx, { userId: row.userId, teamId: row.teamId, kind: "adjustment", amount: frozen, idempotencyKey: `${key}:given-back`, reference });
      }
      await tx.update(paymentDispute).set({ ...closed, tokensFrozen: 0 }).where(and(eq(paymentDispute.provider, provider), eq(paymentDispute.providerDisputeId, dispute.id)));
      return { paymentId: row.id, state: "won" as const, tokensFrozen: 0 };
    }
    // Lost: the money went back to the buyer, as a refund of the disputed amount would have; the withheld tokens stay taken.
    await tx.update(paymentDispute).set(closed).where(and(eq(paymentDispute.provider, provider), eq(paymentDispute.providerDisputeId, dispute.id)));
    await tx
      .update(payment)
      .set({ refundedGrosze: Math.min(row.amountGrosze, row.refundedGrosze + dispute.amountGrosze), tokensTakenBack: row.tokensTakenBack + frozen })
      .where(eq(payment.id, row.id));
    return { paymentId: row.id, state: "lost" as const, tokensFrozen: frozen };
  });
  if (outcome.state === "lost") {
    const [after] = await ctx.db.select({ refundedGrosze: payment.refundedGrosze }).from(payment).where(eq(payment.id, outcome.paymentId));
    await correctRefundedInvoice({ db: ctx.db, paymentId: outcome.paymentId, refundedGrosze: after!.refundedGrosze });
  }
  log.info("billing.dispute", { provider, disputeId: dispute.id, status: dispute.status, ...outcome });
  return outcome;
}

/** Whether the balance the payment filled still exists (a closed team or a deleted account has none to give back to). */
async function balanceStillThere(tx: DbOrTx, paid: typeof payment.$inferSelect): Promise<boolean> {
  const owner = paid.teamId ? await tx.select({ id: team.id }).from(team).where(eq(team.id, paid.teamId)) : await tx.select({ id: user.id }).from(user).where(eq(user.id, paid.userId));
  return owner.length > 0;
}
