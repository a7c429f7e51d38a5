import { getVisualization } from "@/server/public-api/get-visualization";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** A visualization's state, its results, their structure scores and its AI marking. */
export const GET = v1Route({ scope: "read" }, async ({ caller, params }) => v1Json({ visualization: await getVisualization({ ownerId: caller.ownerId, id: params.id! }) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET");
