import { env } from "@/env";
import { receiveReplicateWebhook } from "@/server/engines/receive-replicate-webhook";
import { otherMethods, webhookRoute } from "@/web/server/api-route";

/**
 * Replicate's webhook: a prediction has ended, so the engine polling it may ask at once. Exempt from the
 * proxy's same-origin check: it trusts only the signature over the raw body. 400 for a bad signature.
 */
export const POST = webhookRoute({ context: "engines.replicate_webhook" }, async ({ request, rawBody }) => {
  const { REPLICATE_WEBHOOK_SECRET } = env();
  if (!REPLICATE_WEBHOOK_SECRET) return new Response("Replicate webhooks are not configured", { status: 404 });
  const outcome = await receiveReplicateWebhook({ secret: REPLICATE_WEBHOOK_SECRET, headers: request.headers, rawBody });
  if (outcome === "bad-signature") return new Response("Bad signature", { status: 400 });
  if (outcome === "not-a-prediction") return new Response("Not a prediction", { status: 400 });
  return Response.json({ received: true });
});

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
