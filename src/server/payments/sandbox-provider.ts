import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { isPlanId, isProductId, PERIOD_MONTHS, periodPriceGrosze, type PlanId, type ProductId } from "@/config/plans";
import { pathFor } from "@/config/routes";
import type { DbOrTx } from "@/server/db/client";
import { sandboxObject, type PaymentProviderId } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { CheckoutView, InvoiceView, PaymentProvider, SubscriptionView } from "./payment-provider";
import type { ProviderEvent } from "./provider-event";

/**
 * A payment provider that moves no money: it keeps Stripe-shaped sessions, subscriptions and invoices in
 * its own table and answers the same questions Stripe does. Its tester (sandboxTester) plays the
 * customer and the passing of time on /subskrypcje-testowe, and returns the events Stripe would send,
 * which the caller hands to the same event handler as Stripe's webhooks.
 */
type SessionData = {
  id: string;
  orderId: string;
  userId: string;
  productId: ProductId;
  status: CheckoutView["status"];
  subscriptionId: string | null;
  invoiceId: string | null;
  amountGrosze: number;
  /** Charged net (reverse charge), and so are the renewals of its subscription. */
  reverseCharge?: boolean;
  /** Extra team seats charged with the plan, and with each renewal. */
  extraSeats?: number;
  successUrl: string;
  cancelUrl: string;
};
type SubscriptionData = { id: string; userId: string; orderId?: string; reverseCharge?: boolean; extraSeats?: number; planId: PlanId; status: SubscriptionView["status"]; cancelAtPeriodEnd: boolean; currentPeriodEnd: string; endedAt: string | null };
type InvoiceData = { id: string; subscriptionId: string; status: InvoiceView["status"]; attemptFailed: boolean; reason: InvoiceView["reason"]; planId: PlanId; amountGrosze: number; periodEnd: string };
/** What a paid session (a pack) or a paid invoice (a plan's period) charged, and what of it was given back. */
type ChargeData = { id: string; userId: string; paymentId: string; amountGrosze: number; refundedGrosze: number };
type DataOf = { session: SessionData; subscription: SubscriptionData; invoice: InvoiceData; charge: ChargeData };

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;
const customerOf = (userId: string) => `sbx_cus_${userId}`;
const chargeOf = (paymentId: string) => `sbx_ch_${paymentId}`;

function addPeriod(from: Date): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + PERIOD_MONTHS);
  return next;
}

async function load<T extends keyof DataOf>(db: DbOrTx, type: T, id: string, userId?: string): Promise<DataOf[T] | null> {
  const [row] = await db
    .select({ data: sandboxObject.data, userId: sandboxObject.userId })
    .from(sandboxObject)
    .where(and(eq(sandboxObject.id, id), eq(sandboxObject.type, type)));
  if (!row || (userId !== undefined && row.userId !== userId)) return null;
  return row.data as DataOf[T];
}

async function save<T extends "session" | "subscription" | "charge">(db: DbOrTx, type: T, data: DataOf[T]): Promise<void> {
  await db
    .insert(sandboxObject)
    .values({ id: data.id, type, userId: data.userId, data })
    .onConflictDoUpdate({ target: sandboxObject.id, set: { data: sql`excluded.data` } });
}

async function saveInvoice(db: DbOrTx, userId: string, data: InvoiceData) {
  await db
    .insert(sandboxObject)
    .values({ id: data.id, type: "invoice", userId, data })
    .onConflictDoUpdate({ target: sandboxObject.id, set: { data: sql`excluded.data` } });
}

function subscriptionView(data: SubscriptionData): SubscriptionView {
  return {
    id: data.id,
    customerId: customerOf(data.userId),
    userId: data.userId,
    orderId: data.orderId ?? null,
    planId: data.planId,
    status: data.status,
    cancelAtPeriodEnd: data.cancelAtPeriodEnd,
    endedAt: data.endedAt ? new Date(data.endedAt) : null,
  };
}

export function createSandboxProvider(db: DbOrTx): PaymentProvider {
  return {
    id: "sandbox",
    async createCheckout(input) {
      const id = newId("sbx_cs");
      await save(db, "session", {
        id,
        orderId: input.orderId,
        userId: input.userId,
        productId: input.product.id,
        status: "open",
        subscriptionId: null,
        invoiceId: null,
        amountGrosze: input.product.kind === "subscription" ? periodPriceGrosze(input.product.id, input.extraSeats, input.reverseCharge) : input.product.priceGrosze,
        reverseCharge: input.reverseCharge,
        extraSeats: input.extraSeats,
        successUrl: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancelUrl: input.cancelUrl,
      });
      return { sessionId: id, url: `${pathFor("/test-subscriptions", input.locale)}?session_id=${id}` };
    },
    async retrieveCheckout(sessionId) {
      const data = await load(db, "session", sessionId);
      if (!data) return null;
      return {
        id: data.id,
        orderId: data.orderId,
        userId: data.userId,
        productId: data.productId,
        status: data.status,
        customerId: customerOf(data.userId),
        subscriptionId: data.subscriptionId,
        invoiceId: data.invoiceId,
        amountGrosze: data.amountGrosze,
      };
    },
    async expireCheckout(sessionId) {
      const data = await load(db, "session", sessionId);
      if (data?.status !== "open") return;
      await save(db, "session", { ...data, status: "expired" });
    },
    async retrieveInvoice(invoiceId) {
      const data = await load(db, "invoice", invoiceId);
      if (!data) return null;
      return { ...data, periodEnd: new Date(data.periodEnd) };
    },
    async retrieveSubscription(subscriptionId) {
      const data = await load(db, "subscription", subscriptionId);
      return data ? subscriptionView(data) : null;
    },
    async retrieveCharge(chargeId) {
      const data = await load(db, "charge", chargeId);
      return data && { id: data.id, paymentId: data.paymentId, amountGrosze: data.amountGrosze, refundedGrosze: data.refundedGrosze };
    },
    // The sandbox keeps no customers: a team's orders are told apart by their team.
    saveCustomer: async () => null,
    // The sandbox's buttons make no chargebacks.
    retrieveDispute: async () => null,
    async updateSubscription(subscriptionId, change) {
      const data = await load(db, "subscription", subscriptionId);
      if (!data) throw new AppError("NOT_FOUND");
      if (data.status === "canceled") throw new AppError("CONFLICT", { reason: "subscriptionEnded" });
      if (change.cancelAtPeriodEnd !== undefined) data.cancelAtPeriodEnd = change.cancelAtPeriodEnd;
      if (change.planId) data.planId = change.planId;
      if (change.extraSeats !== undefined) data.extraSeats = change.extraSeats;
      await save(db, "subscription", data);
      return subscriptionView(data);
    },
    async cancelNow(subscriptionId) {
      const data = await load(db, "subscription", subscriptionId);
      if (!data) throw new AppError("NOT_FOUND");
      if (data.status !== "canceled") Object.assign(data, { status: "canceled", endedAt: new Date().toISOString() });
      await save(db, "subscription", data);
      return subscriptionView(data);
    },
    async portalUrl() {
      return null;
    },
  };
}

/** A paid pack or plan period the tester may refund, with what was refunded so far. */
export type SandboxPayment = { id: string; productId: ProductId; amountGrosze: number; refundedGrosze: number; paidAt: Date };

export type SandboxSubscription = Omit<SubscriptionData, "currentPeriodEnd" | "endedAt"> & { currentPeriodEnd: Date; endedAt: Date | null; hasFailedInvoice: boolean };

/**
 * The tester's side of the sandbox: each action changes the sandbox's state and returns Stripe's events.
 * Only while the sandbox is the configured provider: otherwise every action is NOT_FOUND, so a forgotten
 * test checkout cannot pay, nor an old sandbox subscription renew after the switch to Stripe.
 */
export function sandboxTester(db: DbOrTx, options: { configuredProvider: PaymentProviderId }) {
  const enabled = options.configuredProvider === "sandbox";
  const event = (object: ProviderEvent["object"], objectId: string, type: string): ProviderEvent => ({ id: newId("sbx_evt"), object, objectId, type });

  async function openInvoice(sub: SubscriptionData): Promise<InvoiceData | null> {
    const rows = await db
      .select({ data: sandboxObject.data })
      .from(sandboxObject)
      .where(and(eq(sandboxObject.type, "invoice"), eq(sandboxObject.userId, sub.userId), sql`${sandboxObject.data}->>'subscriptionId' = ${sub.id}`, sql`${sandboxObject.data}->>'status' = 'open'`));
    return (rows[0]?.data as InvoiceData | undefined) ?? null;
  }

  async function chargeRenewal(sub: SubscriptionData, succeed: boolean): Promise<ProviderEvent[]> {
    // A retried renewal pays the invoice that failed; otherwise the next period gets a new invoice.
    const pending = await openInvoice(sub);
    const invoice: InvoiceData = pending ?? {
      id: newId("sbx_in"),
      subscriptionId: sub.id,
      status: "open",
      attemptFailed: false,
      reason: "subscription_cycle",
      planId: sub.planId,
      amountGrosze: periodPriceGrosze(sub.planId, sub.extraSeats ?? 0, sub.reverseCharge ?? false),
      periodEnd: addPeriod(new Date(sub.currentPeriodEnd)).toISOString(),
    };
    // Like Stripe, the subscription's own period moves on when the invoice is made, paid or not.
    if (!pending) sub.currentPeriodEnd = invoice.periodEnd;
    if (succeed) {
      invoice.status = "paid";
      invoice.attemptFailed = false;
      sub.status = "active";
    } else {
      invoice.attemptFailed = true;
      sub.status = "past_due";
    }
    await saveInvoice(db, sub.userId, invoice);
    await save(db, "subscription", sub);
    return [event("invoice", invoice.id, succeed ? "invoice.paid" : "invoice.payment_failed"), event("subscription", sub.id, "customer.subscription.updated")];
  }

  async function liveSubscription(userId: string, subscriptionId: string): Promise<SubscriptionData> {
    if (!enabled) throw new AppError("NOT_FOUND");
    const sub = await load(db, "subscription", subscriptionId, userId);
    if (!sub) throw new AppError("NOT_FOUND");
    if (sub.status === "canceled") throw new AppError("CONFLICT", { reason: "subscriptionEnded" });
    return sub;
  }

  /** Paid packs and plan periods, newest first: what the tester can refund. */
  async function payments(userId: string): Promise<SandboxPayment[]> {
    if (!enabled) return [];
    const rows = await db
      .select({ id: sandboxObject.id, type: sandboxObject.type, data: sandboxObject.data, createdAt: sandboxObject.createdAt })
      .from(sandboxObject)
      .where(and(eq(sandboxObject.userId, userId), sql`${sandboxObject.type} in ('session', 'invoice', 'charge')`))
      .orderBy(sql`${sandboxObject.createdAt} desc`);
    const refunded = new Map(rows.filter((r) => r.type === "charge").map((r) => [(r.data as ChargeData).paymentId, (r.data as ChargeData).refundedGrosze]));
    return rows.flatMap(({ id, type, data, createdAt }) => {
      const paid = type === "session" ? (data as SessionData).status === "complete" && !(data as SessionData).subscriptionId : type === "invoice" && (data as InvoiceData).status === "paid";
      if (!paid) return [];
      const productId = type === "session" ? (data as SessionData).productId : (data as InvoiceData).planId;
      return [{ id, productId, amountGrosze: (data as SessionData | InvoiceData).amountGrosze, refundedGrosze: refunded.get(id) ?? 0, paidAt: createdAt }];
    });
  }

  return {
    /** The session a tester is paying, only to its owner. */
    async session(userId: string, sessionId: string): Promise<SessionData | null> {
      if (!enabled) return null;
      return load(db, "session", sessionId, userId);
    },

    async subscriptions(userId: string): Promise<SandboxSubscription[]> {
      if (!enabled) return [];
      const rows = await db
        .select({ data: sandboxObject.data })
        .from(sandboxObject)
        .where(and(eq(sandboxObject.type, "subscription"), eq(sandboxObject.userId, userId)))
        .orderBy(sql`${sandboxObject.createdAt} desc`);
      const result: SandboxSubscription[] = [];
      for (const { data } of rows) {
        const sub = data as SubscriptionData;
        result.push({ ...sub, currentPeriodEnd: new Date(sub.currentPeriodEnd), endedAt: sub.endedAt ? new Date(sub.endedAt) : null, hasFailedInvoice: (await openInvoice(sub)) !== null });
      }
      return result;
    },

    payments,

    /**
     * The operator gives money back for a paid pack or plan period, all that is left of it or `amountGrosze`;
     * like Stripe's charge.refunded, the event names the charge, which carries the total refunded so far.
     */
    async refund(userId: string, paymentId: string, amountGrosze?: number): Promise<ProviderEvent[]> {
      const paid = (await payments(userId)).find((p) => p.id === paymentId);
      if (!paid) throw new AppError("NOT_FOUND");
      const left = paid.amountGrosze - paid.refundedGrosze;
      const amount = amountGrosze ?? left;
      if (!Number.isInteger(amount) || amount <= 0 || amount > left) throw new AppError("CONFLICT", { reason: "refundTooLarge" });
      const charge: ChargeData = { id: chargeOf(paymentId), userId, paymentId, amountGrosze: paid.amountGrosze, refundedGrosze: paid.refundedGrosze + amount };
      await save(db, "charge", charge);
      return [event("charge", charge.id, "charge.refunded")];
    },

    async pay(userId: string, sessionId: string): Promise<{ events: ProviderEvent[]; successUrl: string }> {
      if (!enabled) throw new AppError("NOT_FOUND");
      const session = await load(db, "session", sessionId, userId);
      if (!session) throw new AppError("NOT_FOUND");
      if (session.status !== "open") throw new AppError("CONFLICT", { reason: "sessionClosed" });
      if (!isProductId(session.productId)) throw new AppError("INVALID_INPUT", { field: "productId" });
      const events: ProviderEvent[] = [];
      if (isPlanId(session.productId)) {
        const periodEnd = addPeriod(new Date());
        const sub: SubscriptionData = { id: newId("sbx_sub"), userId, orderId: session.orderId, reverseCharge: session.reverseCharge, extraSeats: session.extraSeats, planId: session.productId, status: "active", cancelAtPeriodEnd: false, currentPeriodEnd: periodEnd.toISOString(), endedAt: null };
        const invoice: InvoiceData = { id: newId("sbx_in"), subscriptionId: sub.id, status: "paid", attemptFailed: false, reason: "subscription_create", planId: sub.planId, amountGrosze: session.amountGrosze, periodEnd: sub.currentPeriodEnd };
        await save(db, "subscription", sub);
        await saveInvoice(db, userId, invoice);
        session.subscriptionId = sub.id;
        session.invoiceId = invoice.id;
        events.push(event("subscription", sub.id, "customer.subscription.created"), event("invoice", invoice.id, "invoice.paid"));
      }
      session.status = "complete";
      await save(db, "session", session);
      events.unshift(event("checkout", session.id, "checkout.session.completed"));
      return { events, successUrl: session.successUrl };
    },

    async failPayment(userId: string, sessionId: string): Promise<{ events: ProviderEvent[]; successUrl: string }> {
      if (!enabled) throw new AppError("NOT_FOUND");
      const session = await load(db, "session", sessionId, userId);
      if (!session) throw new AppError("NOT_FOUND");
      if (session.status !== "open") throw new AppError("CONFLICT", { reason: "sessionClosed" });
      session.status = "failed";
      await save(db, "session", session);
      return { events: [event("checkout", session.id, "checkout.session.async_payment_failed")], successUrl: session.successUrl };
    },

    async renew(userId: string, subscriptionId: string): Promise<ProviderEvent[]> {
      const sub = await liveSubscription(userId, subscriptionId);
      if (sub.cancelAtPeriodEnd) throw new AppError("CONFLICT", { reason: "cancelPending" });
      return chargeRenewal(sub, true);
    },

    async failRenewal(userId: string, subscriptionId: string): Promise<ProviderEvent[]> {
      const sub = await liveSubscription(userId, subscriptionId);
      if (sub.cancelAtPeriodEnd) throw new AppError("CONFLICT", { reason: "cancelPending" });
      return chargeRenewal(sub, false);
    },

    /** Time passes to the period's end: a healthy subscription renews; a cancelled or unpaid one ends. */
    async passPeriodEnd(userId: string, subscriptionId: string): Promise<ProviderEvent[]> {
      const sub = await liveSubscription(userId, subscriptionId);
      if (!sub.cancelAtPeriodEnd && sub.status === "active") return chargeRenewal(sub, true);
      sub.status = "canceled";
      sub.endedAt = new Date().toISOString();
      await save(db, "subscription", sub);
      return [event("subscription", sub.id, "customer.subscription.deleted")];
    },
  };
}
