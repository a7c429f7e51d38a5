import { createWebhookEndpointSchema } from "@/schemas/public-api";
import { createWebhookEndpoint } from "@/server/webhooks/create-webhook-endpoint";
import { listWebhookEndpoints } from "@/server/webhooks/list-webhook-endpoints";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** The account's webhook endpoints, each with its last deliveries (the secret only in the answer that made it). */
export const GET = v1Route({ scope: "read" }, async ({ caller }) => {
  const endpoints = await listWebhookEndpoints({ ownerId: caller.ownerId });
  return v1Json({ data: endpoints.map(({ secret: _secret, ...endpoint }) => endpoint), nextCursor: null });
});

/** A new endpoint: `mode: "test"` gets the test keys' events and may be a local address; `keyOnly` limits it to this key's work. */
export const POST = v1Route({ scope: "generate", write: true, body: createWebhookEndpointSchema }, async ({ caller, body }) =>
  v1Json({ endpoint: await createWebhookEndpoint({ ownerId: caller.ownerId, url: body.url, mode: body.mode, keyId: body.keyOnly ? caller.keyId : null }) }, 201),
);

export const { PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET", "POST");
