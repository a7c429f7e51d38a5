import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** A buyer's company as it goes on an invoice; one per person, remembered for the next order and editable. */
export type BuyerDetails = {
  companyName: string;
  /** A Polish NIP (ten digits) or an EU VAT number with its country prefix (e.g. DE123456789). */
  taxId: string;
  /** ISO 3166 alpha-2 of the buyer's address. */
  country: string;
  street: string;
  postalCode: string;
  city: string;
};

export const billingDetails = pgTable("billing_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  details: jsonb("details").$type<BuyerDetails>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number given in a series ("FV" invoices, "KOR" corrections) in a year. Taken with an upsert that
 * locks the row until the invoice's transaction ends, so numbers are gap-free and never given twice.
 */
export const invoiceCounter = pgTable(
  "invoice_counter",
  {
    series: text("series").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

export const invoiceKinds = ["invoice", "correction"] as const;

/**
 * A VAT invoice (or a correcting one) of one paid payment, with the seller's and buyer's data as they were
 * when it was issued and its FA(3) XML. user_id is plain text: invoices are kept for as long as tax law asks,
 * after the account is deleted.
 */
export const invoice = pgTable(
  "invoice",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: invoiceKinds }).notNull(),
    number: text("number").notNull(),
    series: text("series").notNull(),
    year: integer("year").notNull(),
    seq: integer("seq").notNull(),
    userId: text("user_id").notNull(),
    teamId: text("team_id"),
    paymentId: text("payment_id").notNull(),
    correctsInvoiceId: text("corrects_invoice_id"),
    productId: text("product_id").notNull(),
    seller: jsonb("seller").$type<BuyerDetails>().notNull(),
    buyer: jsonb("buyer").$type<BuyerDetails>().notNull(),
    grossGrosze: integer("gross_grosze").notNull(),
    netGrosze: integer("net_grosze").notNull(),
    vatGrosze: integer("vat_grosze").notNull(),
    /** A business in another EU country: a net invoice, the buyer accounts for the VAT ("odwrotne obciążenie"). */
    reverseCharge: boolean("reverse_charge").notNull().default(false),
    /** Extra team seats paid with the plan, named on the invoice's line. */
    extraSeats: integer("extra_seats").notNull().default(0),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    xml: text("xml").notNull(),
    /** Set when the invoice was accepted by KSeF (src/server/invoices/ksef-client.ts). */
    ksefNumber: text("ksef_number"),
    ksefReference: text("ksef_reference"),
  },
  (t) => [
    uniqueIndex("invoice_number_idx").on(t.series, t.year, t.seq),
    // One invoice per payment; its corrections (one per refund) are serialized on the invoice's row lock.
    uniqueIndex("invoice_payment_idx").on(t.paymentId).where(sql`${t.kind} = 'invoice'`),
    index("invoice_corrects_idx").on(t.correctsInvoiceId),
    index("invoice_user_idx").on(t.userId, t.issuedAt),
  ],
);
