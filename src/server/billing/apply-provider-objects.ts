import "server-only";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { findProduct, type PlanId } from "@/config/plans";
import { checkoutOrder, payment, subscription, team, type PaymentProviderId } from "@/server/db/schema";
import { log } from "@/server/log";
import type { CheckoutView, InvoiceView, SubscriptionView } from "@/server/payments/payment-provider";
import { grantTokens } from "@/server/tokens/grant-tokens";
import type { BillingContext } from "./billing-context";
import { sendOrderConfirmation } from "./send-order-confirmation";
import { issueInvoice } from "@/server/invoices/issue-invoice";
import { fileInvoiceWithKsef } from "@/server/invoices/file-invoice-with-ksef";
import { getInvoiceFiler } from "@/server/invoices/get-invoice-filer";

/**
 * Applying what a provider says, idempotently: each function may run any number of times, in any order,
 * from a webhook, the success page or both, and the result is the same. Tokens go through the ledger
 * with the provider's payment id as the key, so each paid period or pack counts exactly once.
 */
const ledgerKey = (provider: PaymentProviderId, providerPaymentId: string) => `payment:${provider}:${providerPaymentId}`;

/** Mirrors the provider's view of a subscription (status, cancel flag, next plan), never paid_until. */
export async function syncSubscription(ctx: BillingContext, provider: PaymentProviderId, view: SubscriptionView): Promise<void> {
  const [row] = await ctx.db
    .select({ id: subscription.id, planId: subscription.planId })
    .from(subscription)
    .where(and(eq(subscription.provider, provider), eq(subscription.providerSubscriptionId, view.id)));
  if (!row) {
    // Not known yet (its first invoice not recorded): create it unpaid, so a later payment finds its owner.
    if (!view.userId || !view.planId) return void log.warn("billing.subscription_without_owner", { provider, subscriptionId: view.id });
    const [order] = view.orderId ? await ctx.db.select({ teamId: checkoutOrder.teamId }).from(checkoutOrder).where(eq(checkoutOrder.id, view.orderId)) : [];
    await ctx.db
      .insert(subscription)
      .values({ userId: view.userId, teamId: order?.teamId ?? null, orderId: view.orderId, provider, providerSubscriptionId: view.id, providerCustomerId: view.customerId, planId: view.planId, status: view.status, cancelAtPeriodEnd: view.cancelAtPeriodEnd, endedAt: view.endedAt })
      .onConflictDoNothing();
    return;
  }
  await ctx.db
    .update(subscription)
    .set({
      status: view.status,
      cancelAtPeriodEnd: view.cancelAtPeriodEnd,
      nextPlanId: view.planId && view.planId !== row.planId ? view.planId : null,
      endedAt: view.endedAt,
      providerCustomerId: sql`coalesce(${view.customerId}, ${subscription.providerCustomerId})`,
      updatedAt: sql`now()`,
    })
    .where(eq(subscription.id, row.id));
}

export type PaymentOutcome = { tokens: number; applied: boolean; balance: number };

/** Records an invoice of a subscription: a paid one adds the plan's tokens and extends the paid period. */
export async function applyInvoice(ctx: BillingContext, provider: PaymentProviderId, invoice: InvoiceView): Promise<PaymentOutcome | null> {
  const view = await ctx.provider(provider).retrieveSubscription(invoice.subscriptionId);
  if (!view) {
    log.warn("billing.invoice_without_subscription", { provider, invoiceId: invoice.id });
    return null;
  }
  await syncSubscription(ctx, provider, view);
  const [row] = await ctx.db
    .select()
    .from(subscription)
    .where(and(eq(subscription.provider, provider), eq(subscription.providerSubscriptionId, invoice.subscriptionId)));
  if (!row) return null;
  const planId: PlanId = invoice.planId ?? (row.planId as PlanId);
  const kind = invoice.reason === "subscription_create" ? "subscription" : "renewal";

  if (invoice.status !== "paid") {
    if (invoice.attemptFailed) {
      await ctx.db
        .insert(payment)
        .values({ userId: row.userId, provider, providerPaymentId: invoice.id, kind, productId: planId, amountGrosze: invoice.amountGrosze, status: "failed", periodEnd: invoice.periodEnd })
        .onConflictDoNothing();
    }
    return null;
  }

  const tokens = findProduct(planId).tokens;
  const outcome = await ctx.db.transaction(async (tx) => {
    const granted = await grantTokens({ db: tx, userId: row.userId, teamId: row.teamId, amount: tokens, kind: kind === "subscription" ? "purchase" : "renewal", idempotencyKey: ledgerKey(provider, invoice.id), reference: `${planId}:${invoice.id}` });
    await tx
      .insert(payment)
      .values({ userId: row.userId, teamId: row.teamId, provider, providerPaymentId: invoice.id, kind, productId: planId, amountGrosze: invoice.amountGrosze, status: "paid", tokens, periodEnd: invoice.periodEnd })
      .onConflictDoNothing();
    await tx
      .update(subscription)
      .set({
        paidUntil: sql`greatest(coalesce(${subscription.paidUntil}, ${invoice.periodEnd}), ${invoice.periodEnd})`,
        planId,
        nextPlanId: sql`case when ${subscription.nextPlanId} = ${planId} then null else ${subscription.nextPlanId} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(subscription.id, row.id));
    // A team's plan brings the extra seats its order paid for; they count while the plan is paid (getTeamSeats).
    // Later the owner may change their number on the team page (changeExtraSeats), which renewals keep.
    if (row.teamId && row.orderId && invoice.reason === "subscription_create") {
      const [order] = await tx.select({ extraSeats: checkoutOrder.extraSeats }).from(checkoutOrder).where(eq(checkoutOrder.id, row.orderId));
      if (order) await tx.update(team).set({ extraSeats: order.extraSeats }).where(eq(team.id, row.teamId));
    }
    return { tokens, applied: granted.applied, balance: granted.balance };
  });
  await issueInvoiceOf(ctx, provider, invoice.id, row.orderId);
  return outcome;
}

/** The VAT invoice of a recorded payment, when its order asked for one; a failure is logged, never the payment's. */
async function issueInvoiceOf(ctx: BillingContext, provider: PaymentProviderId, providerPaymentId: string, orderId: string | null): Promise<void> {
  if (!orderId) return;
  const [paid] = await ctx.db.select({ id: payment.id }).from(payment).where(and(eq(payment.provider, provider), eq(payment.providerPaymentId, providerPaymentId), eq(payment.status, "paid")));
  if (!paid) return;
  try {
    const issued = await issueInvoice({ db: ctx.db, paymentId: paid.id, orderId });
    const filer = getInvoiceFiler();
    if (issued && filer) await fileInvoiceWithKsef({ db: ctx.db, invoiceId: issued.id, client: filer });
  } catch (error) {
    log.error("billing.invoice_failed", { paymentId: paid.id, error });
  }
}

/**
 * Records a checkout: the order becomes paid (with the tokens it added), failed or expired. For a
 * subscription the first invoice carries the tokens; for a pack the session itself is the payment.
 * The confirmation e-mail goes once, by whoever moves the order from pending to paid.
 */
export async function applyCheckout(ctx: BillingContext, provider: PaymentProviderId, view: CheckoutView): Promise<void> {
  const [order] = await ctx.db.select().from(checkoutOrder).where(and(eq(checkoutOrder.provider, provider), eq(checkoutOrder.providerSessionId, view.id)));
  if (!order) return void log.warn("billing.checkout_without_order", { provider, sessionId: view.id });

  if (view.status === "failed" || view.status === "expired") {
    await ctx.db.update(checkoutOrder).set({ status: view.status, completedAt: sql`now()` }).where(and(eq(checkoutOrder.id, order.id), eq(checkoutOrder.status, "pending")));
    if (view.status === "failed") {
      await ctx.db
        .insert(payment)
        .values({ userId: order.userId, provider, providerPaymentId: view.id, kind: order.kind, productId: order.productId, amountGrosze: order.amountGrosze, status: "failed" })
        .onConflictDoNothing();
    }
    return;
  }
  if (view.status !== "complete") return;

  const product = findProduct(order.productId as never);
  if (order.kind === "subscription") {
    if (!view.invoiceId) return void log.warn("billing.subscription_checkout_without_invoice", { provider, sessionId: view.id });
    const invoice = await ctx.provider(provider).retrieveInvoice(view.invoiceId);
    if (!invoice || invoice.status !== "paid") return;
    await applyInvoice(ctx, provider, invoice);
  } else {
    await ctx.db.transaction(async (tx) => {
      await grantTokens({ db: tx, userId: order.userId, teamId: order.teamId, amount: product.tokens, kind: "purchase", idempotencyKey: ledgerKey(provider, view.id), reference: `${product.id}:${view.id}` });
      await tx
        .insert(payment)
        .values({ userId: order.userId, teamId: order.teamId, provider, providerPaymentId: view.id, kind: "pack", productId: product.id, amountGrosze: view.amountGrosze || order.amountGrosze, status: "paid", tokens: product.tokens })
        .onConflictDoNothing();
    });
    await issueInvoiceOf(ctx, provider, view.id, order.id);
  }
  const moved = await ctx.db
    .update(checkoutOrder)
    .set({ status: "paid", tokensGranted: product.tokens, completedAt: sql`now()` })
    .where(and(eq(checkoutOrder.id, order.id), sql`${checkoutOrder.status} <> 'paid'`))
    .returning({ id: checkoutOrder.id });
  if (moved.length > 0) await sendOrderConfirmation(ctx, order.id).catch((error: unknown) => log.error("billing.confirmation_mail_failed", { orderId: order.id, error }));
  if (order.kind === "subscription") await closeOtherPlanCheckouts(ctx, order);
}

/**
 * A plan's checkouts of the same account (the person's own, or a team's) left open before this one was paid:
 * closed at their provider, so an old checkout page cannot start a second subscription and charge it again.
 */
async function closeOtherPlanCheckouts(ctx: BillingContext, paid: typeof checkoutOrder.$inferSelect): Promise<void> {
  const open = await ctx.db
    .select({ id: checkoutOrder.id, provider: checkoutOrder.provider, sessionId: checkoutOrder.providerSessionId })
    .from(checkoutOrder)
    .where(
      and(
        eq(checkoutOrder.userId, paid.userId),
        paid.teamId ? eq(checkoutOrder.teamId, paid.teamId) : isNull(checkoutOrder.teamId),
        eq(checkoutOrder.kind, "subscription"),
        eq(checkoutOrder.status, "pending"),
        ne(checkoutOrder.id, paid.id),
      ),
    );
  for (const other of open) {
    try {
      if (other.sessionId) await ctx.provider(other.provider).expireCheckout(other.sessionId);
      await ctx.db.update(checkoutOrder).set({ status: "expired", completedAt: sql`now()` }).where(and(eq(checkoutOrder.id, other.id), eq(checkoutOrder.status, "pending")));
    } catch (error) {
      log.error("billing.expire_checkout_failed", { orderId: other.id, error });
    }
  }
}
