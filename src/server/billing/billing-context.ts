import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import type { PaymentProviderId } from "@/server/db/schema";
import { configuredPaymentProvider, getPaymentProvider } from "@/server/payments/get-payment-provider";
import type { PaymentProvider } from "@/server/payments/payment-provider";

/**
 * The database and the providers billing works with. Orders keep the provider they were placed with,
 * so a sandbox order can still be verified after the operator switches to Stripe. Tests pass their own.
 */
export type BillingContext = {
  db: DbOrTx;
  provider: (id: PaymentProviderId) => PaymentProvider;
  /** Where new orders go (PAYMENT_PROVIDER). */
  checkoutProvider: PaymentProviderId;
};

export async function billingContext(): Promise<BillingContext> {
  const db = await getDb();
  return { db, provider: (id) => getPaymentProvider(id, db), checkoutProvider: configuredPaymentProvider() };
}
