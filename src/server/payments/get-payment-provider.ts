import "server-only";
import { env } from "@/env";
import type { DbOrTx } from "@/server/db/client";
import type { PaymentProviderId } from "@/server/db/schema";
import type { PaymentProvider } from "./payment-provider";
import { createSandboxProvider } from "./sandbox-provider";
import { createStripeProvider, stripeClient } from "./stripe-provider";

/** The provider new orders go to (PAYMENT_PROVIDER). */
export function configuredPaymentProvider(): PaymentProviderId {
  return env().PAYMENT_PROVIDER;
}

export function getPaymentProvider(id: PaymentProviderId, db: DbOrTx): PaymentProvider {
  if (id === "sandbox") return createSandboxProvider(db);
  return createStripeProvider(stripeClient());
}
