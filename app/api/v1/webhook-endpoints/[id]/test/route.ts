import { sendTestWebhook } from "@/server/webhooks/send-test-webhook";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** Sends a `test` event to the endpoint (signed like every event). */
export const POST = v1Route({ scope: "generate", write: true }, async ({ caller, params }) =>
  v1Json({ eventId: await sendTestWebhook({ ownerId: caller.ownerId, endpointId: params.id! }) }, 202),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = v1OtherMethods("POST");
