import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import type { PaymentProviderId } from "@/server/db/schema";
import { configuredPaymentProvider, getPaymentProvider } from "@/server/payments/get-payment-provider";
import type { PaymentProvider } from "@/server/payments/payment-provider";
import type { VatNumberChecker } from "@/server/invoices/create-vies-checker";
import { getVatNumberChecker } from "@/server/invoices/get-vat-number-checker";

/**
 * The database and the providers billing works with. Orders keep the provider they were placed with,
 * so a sandbox order can still be verified after the operator switches to Stripe. Tests pass their own.
 */
export type BillingContext = {
  db: DbOrTx;
  provider: (id: PaymentProviderId) => PaymentProvider;
  /** Where new orders go (PAYMENT_PROVIDER). */
  checkoutProvider: PaymentProviderId;
  /** Checks an EU buyer's VAT number before it pays net (VAT_NUMBER_CHECK); unset: the format check alone. */
  vatNumbers?: VatNumberChecker;
};

export async function billingContext(): Promise<BillingContext> {
  const db = await getDb();
  return { db, provider: (id) => getPaymentProvider(id, db), checkoutProvider: configuredPaymentProvider(), vatNumbers: getVatNumberChecker() };
}
