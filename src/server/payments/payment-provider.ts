import type { Locale } from "@/config/routes";
import type { PlanId, Product, ProductId } from "@/config/plans";
import type { PaymentProviderId } from "@/server/db/schema";

/**
 * What billing needs from a payment provider. The read side answers with the provider's current view
 * of an object, so the domain never trusts an event's payload or a query string for what was paid:
 * it asks again. Implemented by the sandbox (local, no money) and Stripe.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  retrieveCheckout(sessionId: string): Promise<CheckoutView | null>;
  /** Closes a checkout that is still open, so nobody can pay it any more; one no longer open is left as it is. */
  expireCheckout(sessionId: string): Promise<void>;
  retrieveInvoice(invoiceId: string): Promise<InvoiceView | null>;
  retrieveSubscription(subscriptionId: string): Promise<SubscriptionView | null>;
  /** A charge with what of it was refunded, and the payment it belongs to. */
  retrieveCharge(chargeId: string): Promise<ChargeView | null>;
  /** A chargeback of one of our charges, as it stands now; null where the provider has none (the sandbox). */
  retrieveDispute(disputeId: string): Promise<DisputeView | null>;
  /** Cancel at period end (true) or undo that (false); or move the next renewal to another plan, or to another number of extra seats. */
  updateSubscription(subscriptionId: string, change: { cancelAtPeriodEnd?: boolean; planId?: PlanId; extraSeats?: number }): Promise<SubscriptionView>;
  /** Ends a subscription at once (the account is being deleted): no further charges. */
  cancelNow(subscriptionId: string): Promise<SubscriptionView>;
  /** The provider's self-service page for cards and invoices; null where there is none. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
  /**
   * Makes or updates a customer of the provider's for an account that is not a person (a team), with its invoice
   * details and tax id, so its payments are its own and not a member's; answers its id, or null where the provider
   * keeps no customers (the sandbox).
   */
  saveCustomer(input: CustomerInput): Promise<string | null>;
}

export type CustomerInput = {
  /** The customer made before, to be updated; null: make one. */
  customerId: string | null;
  name: string;
  email: string;
  address: { line1: string; postalCode: string; city: string; country: string } | null;
  /** An EU VAT number with its country prefix (a Polish NIP as PL…); null: none. */
  euVatNumber: string | null;
  metadata: Record<string, string>;
};

export type CheckoutInput = {
  orderId: string;
  userId: string;
  email: string;
  customerId: string | null;
  product: Product;
  locale: Locale;
  /** The buyer asked for a VAT invoice: the provider collects the company's tax id and address too, so its records match ours. */
  invoice: boolean;
  /** A business in another EU country pays the net price (product.priceGrosze is then net), and so do its renewals. */
  reverseCharge: boolean;
  /** Extra team seats, each a monthly add-on to the plan (extraSeat), charged with it and renewed with it. */
  extraSeats: number;
  /** Absolute; the provider appends the session id. */
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutView = {
  id: string;
  orderId: string | null;
  userId: string | null;
  productId: ProductId | null;
  /** open: not paid yet; complete: paid; failed: the payment was refused; expired: abandoned. */
  status: "open" | "complete" | "failed" | "expired";
  customerId: string | null;
  subscriptionId: string | null;
  /** The first period's invoice of a subscription checkout. */
  invoiceId: string | null;
  amountGrosze: number;
};

export type InvoiceView = {
  id: string;
  subscriptionId: string;
  status: "paid" | "open" | "void" | "uncollectible";
  /** A payment attempt failed (open invoice with a failed charge). */
  attemptFailed: boolean;
  reason: "subscription_create" | "subscription_cycle" | "other";
  planId: PlanId | null;
  amountGrosze: number;
  periodEnd: Date;
};

export type SubscriptionView = {
  id: string;
  customerId: string | null;
  userId: string | null;
  /** Our order that started it (its metadata), which says whether it fills a team's pool. */
  orderId: string | null;
  planId: PlanId | null;
  status: "incomplete" | "active" | "past_due" | "canceled";
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
};

/**
 * A chargeback: the buyer's bank took the amount back, pending the card network's decision. "open" while it is
 * being decided (Stripe's warning_* and needs_response, under_review), then "won" (the money came back) or "lost".
 */
export type DisputeView = {
  id: string;
  /** What the disputed charge paid, as our payment records it (see ChargeView.paymentId). */
  paymentId: string | null;
  amountGrosze: number;
  status: "open" | "won" | "lost";
};

export type ChargeView = {
  id: string;
  /** The provider's id of what the charge paid, as our payment records it: a pack's checkout session or a plan's invoice. */
  paymentId: string | null;
  amountGrosze: number;
  /** All refunded so far: refunds add up, and every refund event carries the total. */
  refundedGrosze: number;
};
