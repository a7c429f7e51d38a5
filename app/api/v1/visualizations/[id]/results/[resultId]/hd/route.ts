import { getApiResultHd } from "@/server/public-api/get-api-result-hd";
import { orderApiResultHd } from "@/server/public-api/order-api-result-hd";
import { v1Json, v1OtherMethods, v1Route } from "@/web/server/v1-route";

export const dynamic = "force-dynamic";

/** Orders the result's 4K copy: 202 { state, balance } at once; a worker makes it (hd.ready follows) and gives the token back if it cannot. Ordering again costs nothing. */
export const POST = v1Route({ scope: "generate", write: true }, async ({ caller, params }) =>
  v1Json(await orderApiResultHd({ caller, visualizationId: params.id!, resultId: params.resultId! }), 202),
);

/** Where the 4K copy stands: { state, image } (the image once made, its bytes at /images/{id}/content). */
export const GET = v1Route({ scope: "read" }, async ({ caller, params }) => v1Json(await getApiResultHd({ ownerId: caller.ownerId, visualizationId: params.id!, resultId: params.resultId! })));

export const { PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET", "POST");
