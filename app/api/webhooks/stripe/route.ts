import Stripe from "stripe";
import { env } from "@/env";
import { billingContext } from "@/server/billing/billing-context";
import { handlePaymentEvent } from "@/server/billing/handle-payment-event";
import { log } from "@/server/log";
import { parseStripeWebhook, stripeClient } from "@/server/payments/stripe-provider";
import { otherMethods, webhookRoute } from "@/web/server/api-route";

/**
 * Stripe's webhook. Exempt from the proxy's same-origin check: it trusts only the signature over the
 * raw body. 400 for a bad signature, 200 for events we do not act on or have seen, 500 when applying
 * failed so that Stripe retries.
 */
export const POST = webhookRoute({ context: "billing.webhook" }, async ({ request, rawBody }) => {
  const { STRIPE_WEBHOOK_SECRET, PAYMENT_PROVIDER } = env();
  if (PAYMENT_PROVIDER !== "stripe" || !STRIPE_WEBHOOK_SECRET) return new Response("Stripe is not configured", { status: 404 });
  let event;
  try {
    event = parseStripeWebhook(stripeClient(), rawBody, request.headers.get("stripe-signature") ?? "", STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return new Response("Bad signature", { status: 400 });
    throw error;
  }
  if (!event) return Response.json({ received: true, ignored: true });
  try {
    const outcome = await handlePaymentEvent(await billingContext(), "stripe", event);
    return Response.json({ received: true, outcome });
  } catch (error) {
    log.error("billing.webhook_failed", { eventId: event.id, type: event.type, error });
    return new Response("Could not apply the event", { status: 500 });
  }
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
