import { deleteWebhookEndpoint } from "@/server/webhooks/delete-webhook-endpoint";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

export const DELETE = v1Route({ scope: "generate", write: true }, async ({ caller, params }) => {
  await deleteWebhookEndpoint({ ownerId: caller.ownerId, endpointId: params.id! });
  return v1Json({ ok: true });
});

export const { GET, POST, PUT, PATCH, HEAD, OPTIONS } = v1OtherMethods("DELETE");
