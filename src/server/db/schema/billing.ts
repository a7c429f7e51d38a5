import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const paymentProviders = ["sandbox", "stripe"] as const;
export type PaymentProviderId = (typeof paymentProviders)[number];

/**
 * A subscription as we know it. paid_until moves only when a period's payment is recorded, so a failed
 * renewal stops access at the end of the last paid period whatever the provider's own period says;
 * ended_at is set when the provider ends it. plan_id is the plan of the paid period; next_plan_id the
 * plan the next renewal charges after a change of plan.
 */
export const subscription = pgTable(
  "subscription",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The team whose pool the subscription fills; null for the person's own. */
    teamId: text("team_id"),
    /** Our order that started it: whether its payments get a VAT invoice (checkout_order.invoice_requested). */
    orderId: text("order_id"),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    providerSubscriptionId: text("provider_subscription_id").notNull(),
    providerCustomerId: text("provider_customer_id"),
    planId: text("plan_id").notNull(),
    nextPlanId: text("next_plan_id"),
    status: text("status", { enum: ["incomplete", "active", "past_due", "canceled"] }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    paidUntil: timestamp("paid_until", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("subscription_provider_id_uq").on(t.provider, t.providerSubscriptionId), index("subscription_user_idx").on(t.userId, t.createdAt)],
);

/**
 * What a user ordered on our checkout page, before the provider's checkout. Records the consent to
 * start at once (and lose the right of withdrawal once performed) with its time, as consumer law asks.
 */
export const checkoutOrder = pgTable(
  "checkout_order",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Bought for this team's pool (only its owner may); null for the buyer's own tokens. */
    teamId: text("team_id"),
    /** The buyer asked for a VAT invoice: their billing details (billing_details) were complete at the order. */
    invoiceRequested: boolean("invoice_requested").notNull().default(false),
    /** Invoiced to a business in another EU country: charged the net price, its invoices under reverse charge. */
    reverseCharge: boolean("reverse_charge").notNull().default(false),
    /** Seats bought on top of a team plan's own, each at extraSeat's monthly price (src/config/plans.ts). */
    extraSeats: integer("extra_seats").notNull().default(0),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    productId: text("product_id").notNull(),
    kind: text("kind", { enum: ["subscription", "pack"] }).notNull(),
    amountGrosze: integer("amount_grosze").notNull(),
    locale: text("locale", { enum: ["pl", "en"] }).notNull(),
    providerSessionId: text("provider_session_id").unique(),
    status: text("status", { enum: ["pending", "paid", "failed", "expired"] }).notNull().default("pending"),
    tokensGranted: integer("tokens_granted"),
    withdrawalConsentAt: timestamp("withdrawal_consent_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("checkout_order_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Every payment a provider reported, paid or failed: the history the user sees. user_id is plain text
 * (no cascade): accounting records outlive a deleted account for as long as tax law asks.
 */
export const payment = pgTable(
  "payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    teamId: text("team_id"),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    kind: text("kind", { enum: ["subscription", "renewal", "pack"] }).notNull(),
    productId: text("product_id").notNull(),
    amountGrosze: integer("amount_grosze").notNull(),
    status: text("status", { enum: ["paid", "failed"] }).notNull(),
    tokens: integer("tokens").notNull().default(0),
    /** How much of a paid payment the provider has given back so far (refunds add up). */
    refundedGrosze: integer("refunded_grosze").notNull().default(0),
    /** Tokens taken back from its owner's balance because of those refunds (src/server/billing/apply-refund.ts). */
    tokensTakenBack: integer("tokens_taken_back").notNull().default(0),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_provider_id_status_uq").on(t.provider, t.providerPaymentId, t.status), index("payment_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A chargeback of a payment, as far as we acted on it: while open, the payment's unspent tokens are withheld
 * (`tokens_frozen`, taken from the balance it filled); won gives them back, lost keeps them taken and corrects the
 * payment's invoice (src/server/billing/apply-dispute.ts).
 */
export const paymentDispute = pgTable(
  "payment_dispute",
  {
    provider: text("provider", { enum: paymentProviders }).notNull(),
    providerDisputeId: text("provider_dispute_id").notNull(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payment.id, { onDelete: "cascade" }),
    amountGrosze: integer("amount_grosze").notNull(),
    state: text("state", { enum: ["open", "won", "lost"] }).notNull(),
    tokensFrozen: integer("tokens_frozen").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerDisputeId] }), index("payment_dispute_payment_idx").on(t.paymentId)],
);

/** Provider events already handled, so a replayed webhook does nothing. */
export const paymentEvent = pgTable(
  "payment_event",
  {
    provider: text("provider", { enum: paymentProviders }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The sandbox provider's own state: Stripe-shaped objects (checkout sessions, subscriptions, invoices, charges)
 * kept as JSON, so the sandbox answers the same questions a real provider does and the domain code
 * cannot tell them apart. Nothing else reads this table.
 */
export const sandboxObject = pgTable(
  "sandbox_object",
  {
    id: text("id").primaryKey(),
    type: text("type", { enum: ["session", "subscription", "invoice", "charge"] }).notNull(),
    userId: text("user_id").notNull(),
    data: jsonb("data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_object_user_idx").on(t.userId, t.type)],
);
