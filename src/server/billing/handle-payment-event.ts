import "server-only";
import { and, eq } from "drizzle-orm";
import { paymentEvent, type PaymentProviderId } from "@/server/db/schema";
import { log } from "@/server/log";
import type { ProviderEvent } from "@/server/payments/provider-event";
import { applyCheckout, applyInvoice, syncSubscription } from "./apply-provider-objects";
import { applyDispute } from "./apply-dispute";
import { applyRefund } from "./apply-refund";
import type { BillingContext } from "./billing-context";

/**
 * One provider event, from Stripe's webhook or the sandbox: skipped if handled before, otherwise the
 * object it names is read again from the provider and applied. The event is marked handled only after
 * it was applied, so a failure lets the provider's retry try again (applying is idempotent).
 */
export async function handlePaymentEvent(ctx: BillingContext, provider: PaymentProviderId, event: ProviderEvent): Promise<"handled" | "replayed"> {
  const [seen] = await ctx.db
    .select({ eventId: paymentEvent.eventId })
    .from(paymentEvent)
    .where(and(eq(paymentEvent.provider, provider), eq(paymentEvent.eventId, event.id)));
  if (seen) return "replayed";

  const source = ctx.provider(provider);
  if (event.object === "checkout") {
    const view = await source.retrieveCheckout(event.objectId);
    if (view) await applyCheckout(ctx, provider, view);
  } else if (event.object === "invoice") {
    const invoice = await source.retrieveInvoice(event.objectId);
    if (invoice) await applyInvoice(ctx, provider, invoice);
  } else if (event.object === "charge") {
    const charge = await source.retrieveCharge(event.objectId);
    if (charge) await applyRefund(ctx, provider, charge);
  } else if (event.object === "dispute") {
    const dispute = await source.retrieveDispute(event.objectId);
    if (dispute) await applyDispute(ctx, provider, dispute);
  } else {
    const view = await source.retrieveSubscription(event.objectId);
    if (view) await syncSubscription(ctx, provider, view);
  }
  await ctx.db.insert(paymentEvent).values({ provider, eventId: event.id, type: event.type }).onConflictDoNothing();
  log.info("billing.event", { provider, eventId: event.id, type: event.type, objectId: event.objectId });
  return "handled";
}
