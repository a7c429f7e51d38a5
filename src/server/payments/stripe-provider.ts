import "server-only";
import Stripe from "stripe";
import { env } from "@/env";
import { extraSeat, findProduct, isPlanId, isProductId, netOf, PERIOD_MONTHS, type PlanId, type Product, type ProductId } from "@/config/plans";
import { AppError } from "@/server/errors";
import type { CheckoutView, InvoiceView, PaymentProvider, SubscriptionView } from "./payment-provider";
import type { ProviderEvent } from "./provider-event";

/**
 * Stripe Checkout and Billing. Prices are found by lookup key (product and amount), and made on first
 * use, so an operator configures only the two keys; changing a price in src/config/plans.ts makes a
 * new Stripe price instead of editing one that subscribers pay. Plans are card-only (BLIK and
 * Przelewy24 cannot recur); packs take card, BLIK and Przelewy24.
 */
export function stripeClient(): Stripe {
  const { STRIPE_SECRET_KEY, STRIPE_API_URL } = env();
  if (!STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  return makeStripeClient(STRIPE_SECRET_KEY, STRIPE_API_URL);
}

const clients = new Map<string, Stripe>();
export function makeStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const cacheKey = `${secretKey}|${apiUrl ?? ""}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const target = apiUrl ? new URL(apiUrl) : null;
    client = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(target ? { host: target.hostname, port: Number(target.port), protocol: target.protocol.replace(":", "") as "http" | "https" } : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** A net price (reverse charge, tax exclusive) has a key of its own, so it never replaces the gross one. */
/** What Stripe prices: a product of ours, or the extra seat (a monthly add-on to a team's plan). */
type Priced = Pick<Product, "kind" | "priceGrosze"> & { id: string };
const lookupKey = (product: Priced, net: boolean) => `aranzer_${product.id}_${product.priceGrosze}${net ? "_net" : ""}`;
const isNetPrice = (key: string | null | undefined) => key?.endsWith("_net") ?? false;
function productOfLookupKey(key: string | null | undefined): ProductId | null {
  const id = key?.match(/^aranzer_([a-z0-9]+)_\d+(?:_net)?$/)?.[1];
  return isProductId(id) ? id : null;
}
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));
const fromSeconds = (seconds: number) => new Date(seconds * 1000);

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  const priceIds = new Map<string, string>();
  const productOfPrice = new Map<string, ProductId | null>();

  async function priceFor(product: Priced, net = false): Promise<string> {
    const key = lookupKey(product, net);
    const known = priceIds.get(key);
    if (known) return known;
    const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const price =
      found.data[0] ??
      (await stripe.prices.create(
        {
          currency: "pln",
          unit_amount: product.priceGrosze,
          tax_behavior: net ? "exclusive" : "inclusive",
          lookup_key: key,
          product_data: { name: `Aranżer ${product.id}`, metadata: { productId: product.id } },
          metadata: { productId: product.id },
          ...(product.kind === "subscription" ? { recurring: { interval: "month", interval_count: PERIOD_MONTHS } } : {}),
        },
        { idempotencyKey: `price:${key}` },
      ));
    priceIds.set(key, price.id);
    return price.id;
  }

  async function planOfPrice(priceId: string | null): Promise<PlanId | null> {
    if (!priceId) return null;
    if (!productOfPrice.has(priceId)) productOfPrice.set(priceId, productOfLookupKey((await stripe.prices.retrieve(priceId)).lookup_key));
    const product = productOfPrice.get(priceId);
    return isPlanId(product) ? product : null;
  }

  /** The subscription's plan item (extra seats are an item of their own). */
  const planItem = (sub: Stripe.Subscription) => sub.items.data.find((i) => isPlanId(productOfLookupKey(i.price.lookup_key))) ?? sub.items.data[0];

  function subscriptionView(sub: Stripe.Subscription): SubscriptionView {
    const status: Record<string, SubscriptionView["status"]> = { active: "active", trialing: "active", past_due: "past_due", unpaid: "past_due", canceled: "canceled", incomplete_expired: "canceled", incomplete: "incomplete", paused: "incomplete" };
    const item = planItem(sub);
    const product = productOfLookupKey(item?.price.lookup_key);
    return {
      id: sub.id,
      customerId: idOf(sub.customer),
      userId: sub.metadata.userId ?? null,
      orderId: sub.metadata.orderId ?? null,
      planId: isPlanId(product) ? product : null,
      status: status[sub.status] ?? "incomplete",
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      endedAt: sub.ended_at ? fromSeconds(sub.ended_at) : null,
    };
  }

  /**
   * What a payment intent paid, as our payment names it: a plan period's invoice (since API 2025-03-31 found
   * through the invoice's payments, the charge no longer names it) or a pack's checkout session.
   */
  async function paymentOfIntent(paymentIntentId: string | null): Promise<string | null> {
    if (!paymentIntentId) return null;
    const invoicePayments = await stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntentId }, limit: 1 });
    const invoiceId = idOf(invoicePayments.data[0]?.invoice);
    if (invoiceId) return invoiceId;
    const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
    return sessions.data[0]?.id ?? null;
  }

  const retrieveOrNull = async <T>(load: () => Promise<T>): Promise<T | null> => {
    try {
      return await load();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  };

  return {
    id: "stripe",
    async createCheckout(input) {
      const product = input.product;
      const subscription = product.kind === "subscription";
      const metadata = { orderId: input.orderId, userId: input.userId, productId: product.id };
      const session = await stripe.checkout.sessions.create(
        {
          mode: subscription ? "subscription" : "payment",
          line_items: [
            { price: await priceFor(product, input.reverseCharge), quantity: 1 },
            ...(subscription && input.extraSeats > 0
              ? [{ price: await priceFor({ id: extraSeat.id, kind: "subscription", priceGrosze: input.reverseCharge ? netOf(extraSeat.priceGrosze) : extraSeat.priceGrosze }, input.reverseCharge), quantity: input.extraSeats }]
              : []),
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.userId,
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
          // A filter on the methods enabled in the Dashboard (API 2026: payment_method_types is gone).
          allowed_payment_method_types: subscription ? ["card"] : ["card", "blik", "p24"],
          metadata,
          // A company buyer: Checkout asks for the tax id and billing address and saves both on the customer
          // (an existing customer's name and address are updated, which Stripe requires with tax id collection).
          ...(input.invoice
            ? { tax_id_collection: { enabled: true }, billing_address_collection: "required" as const, ...(input.customerId ? { customer_update: { name: "auto" as const, address: "auto" as const } } : {}) }
            : {}),
          ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata }, ...(input.customerId ? {} : { customer_creation: "always" as const }) }),
          locale: input.locale,
        },
        { idempotencyKey: `checkout:${input.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async expireCheckout(sessionId) {
      // Stripe expires only an open session: one paid or expired meanwhile is left as it is.
      const session = await retrieveOrNull(() => stripe.checkout.sessions.retrieve(sessionId));
      if (session?.status === "open") await stripe.checkout.sessions.expire(sessionId);
    },

    async retrieveCheckout(sessionId) {
      const session = await retrieveOrNull(() => stripe.checkout.sessions.retrieve(sessionId));
      if (!session) return null;
      const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
      const status: CheckoutView["status"] = session.status === "expired" ? "expired" : session.status === "complete" && paid ? "complete" : "open";
      const productId = session.metadata?.productId;
      return {
        id: session.id,
        orderId: session.metadata?.orderId ?? null,
        userId: session.client_reference_id ?? null,
        productId: isProductId(productId) ? productId : null,
        status,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        invoiceId: idOf(session.invoice),
        amountGrosze: session.amount_total ?? 0,
      };
    },

    async retrieveInvoice(invoiceId) {
      const invoice = await retrieveOrNull(() => stripe.invoices.retrieve(invoiceId));
      const subscriptionId = idOf(invoice?.parent?.subscription_details?.subscription);
      if (!invoice || !subscriptionId) return null;
      // The plan's line, not the extra seats'.
      let line = invoice.lines.data[0];
      let planId: PlanId | null = null;
      for (const candidate of invoice.lines.data) {
        planId = await planOfPrice(idOf(candidate.pricing?.price_details?.price));
        if (planId) {
          line = candidate;
          break;
        }
      }
      const reasons = { subscription_create: "subscription_create", subscription_cycle: "subscription_cycle" } as const;
      return {
        id: invoice.id!,
        subscriptionId,
        status: invoiceStatus(invoice.status),
        attemptFailed: invoice.status === "open" && invoice.attempted && invoice.attempt_count > 0,
        reason: reasons[invoice.billing_reason as keyof typeof reasons] ?? "other",
        planId,
        amountGrosze: invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due,
        periodEnd: fromSeconds(line?.period.end ?? invoice.period_end),
      } satisfies InvoiceView;
    },

    async retrieveSubscription(subscriptionId) {
      const sub = await retrieveOrNull(() => stripe.subscriptions.retrieve(subscriptionId));
      return sub ? subscriptionView(sub) : null;
    },

    async retrieveCharge(chargeId) {
      const charge = await retrieveOrNull(() => stripe.charges.retrieve(chargeId));
      if (!charge) return null;
      return { id: charge.id, paymentId: await paymentOfIntent(idOf(charge.payment_intent)), amountGrosze: charge.amount, refundedGrosze: charge.amount_refunded };
    },

    async saveCustomer(input) {
      const fields = {
        name: input.name,
        email: input.email,
        ...(input.address ? { address: { line1: input.address.line1, postal_code: input.address.postalCode, city: input.address.city, country: input.address.country } } : {}),
        metadata: input.metadata,
      };
      const existing = input.customerId ? await retrieveOrNull(() => stripe.customers.retrieve(input.customerId!)) : null;
      const customer = existing && !existing.deleted ? await stripe.customers.update(existing.id, fields) : await stripe.customers.create(fields);
      if (input.euVatNumber) {
        // One tax id, the current one: an old number goes, so Stripe's invoices and ours name the same.
        const held = await stripe.customers.listTaxIds(customer.id, { limit: 100 });
        for (const taxId of held.data) if (taxId.value !== input.euVatNumber) await stripe.customers.deleteTaxId(customer.id, taxId.id);
        if (!held.data.some((t) => t.value === input.euVatNumber)) await stripe.customers.createTaxId(customer.id, { type: "eu_vat", value: input.euVatNumber });
      }
      return customer.id;
    },

    async retrieveDispute(disputeId) {
      const dispute = await retrieveOrNull(() => stripe.disputes.retrieve(disputeId));
      if (!dispute) return null;
      // Both name the payment intent; a dispute's own field saves reading its charge.
      const intent = idOf(dispute.payment_intent) ?? idOf((await stripe.charges.retrieve(idOf(dispute.charge)!)).payment_intent);
      return { id: dispute.id, paymentId: await paymentOfIntent(intent), amountGrosze: dispute.amount, status: disputeStatus(dispute.status) };
    },

    async updateSubscription(subscriptionId, change) {
      if (change.planId) {
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        const item = planItem(current);
        if (!item) throw new AppError("CONFLICT", { reason: "subscriptionEnded" });
        // A subscription charged net (reverse charge) stays net on the new plan.
        const plan = findProduct(change.planId);
        const net = isNetPrice(item.price.lookup_key);
        const price = await priceFor(net ? { ...plan, priceGrosze: netOf(plan.priceGrosze) } : plan, net);
        return subscriptionView(await stripe.subscriptions.update(subscriptionId, { items: [{ id: item.id, price }], proration_behavior: "none" }));
      }
      if (change.extraSeats !== undefined) {
        // The seats' item: its quantity changed, removed at zero, or added; charged from the next invoice.
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        const seats = current.items.data.find((i) => i.price.lookup_key?.startsWith(`aranzer_${extraSeat.id}_`));
        const net = isNetPrice(planItem(current)?.price.lookup_key);
        const items: Stripe.SubscriptionUpdateParams.Item[] = seats
          ? [change.extraSeats > 0 ? { id: seats.id, quantity: change.extraSeats } : { id: seats.id, deleted: true }]
          : change.extraSeats > 0
            ? [{ price: await priceFor({ id: extraSeat.id, kind: "subscription", priceGrosze: net ? netOf(extraSeat.priceGrosze) : extraSeat.priceGrosze }, net), quantity: change.extraSeats }]
            : [];
        return subscriptionView(items.length > 0 ? await stripe.subscriptions.update(subscriptionId, { items, proration_behavior: "none" }) : current);
      }
      return subscriptionView(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: change.cancelAtPeriodEnd }));
    },

    async cancelNow(subscriptionId) {
      return subscriptionView(await stripe.subscriptions.cancel(subscriptionId));
    },

    async portalUrl(customerId, returnUrl) {
      return (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
    },
  };
}

function invoiceStatus(status: Stripe.Invoice["status"]): InvoiceView["status"] {
  if (status === "paid") return "paid";
  if (status === "void") return "void";
  if (status === "uncollectible") return "uncollectible";
  return "open"; // draft or open: not paid yet
}

const handledEvents: Record<string, ProviderEvent["object"]> = {
  "checkout.session.completed": "checkout",
  "checkout.session.async_payment_succeeded": "checkout",
  "checkout.session.async_payment_failed": "checkout",
  "checkout.session.expired": "checkout",
  "invoice.paid": "invoice",
  "invoice.payment_failed": "invoice",
  "customer.subscription.created": "subscription",
  "customer.subscription.updated": "subscription",
  "customer.subscription.deleted": "subscription",
  // Fires for every refund, partial ones included; the charge carries the total refunded so far.
  "charge.refunded": "charge",
  // A chargeback opened, changed and decided; the dispute is read again, so any of them may come late or twice.
  "charge.dispute.created": "dispute",
  "charge.dispute.updated": "dispute",
  "charge.dispute.closed": "dispute",
};

/**
 * Stripe's dispute statuses: warning_* (an inquiry, no money taken yet), needs_response and under_review are
 * undecided; won and warning_closed end in the merchant's favour, and so does prevented (a refund answered it
 * instead: charge.refunded takes that back); lost ends with the money gone.
 */
function disputeStatus(status: string): "open" | "won" | "lost" {
  if (status === "won" || status === "warning_closed" || status === "prevented") return "won";
  if (status === "lost") return "lost";
  return "open";
}

/**
 * Verifies a webhook's signature on the raw body and reduces the event to the object it names; null for
 * events billing does not act on. Throws Stripe's StripeSignatureVerificationError for a bad signature.
 */
export function parseStripeWebhook(stripe: Stripe, rawBody: string, signature: string, secret: string): ProviderEvent | null {
  const event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  const object = handledEvents[event.type];
  if (!object) return null;
  const objectId = (event.data.object as { id?: string }).id;
  return objectId ? { id: event.id, object, objectId, type: event.type } : null;
}
