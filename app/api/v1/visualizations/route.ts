import { createVisualizationSchema } from "@/schemas/public-api";
import { startVisualization } from "@/server/public-api/start-visualization";
import { requestIdFor, v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** Create a visualization: spends one token per result (nothing with a test key) and queues them; poll it or wait for the webhooks. */
export const POST = v1Route({ scope: "generate", write: true, body: createVisualizationSchema }, async (context) =>
  v1Json(await startVisualization({ caller: context.caller, request: context.body, requestId: requestIdFor(context) }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = v1OtherMethods("POST");
