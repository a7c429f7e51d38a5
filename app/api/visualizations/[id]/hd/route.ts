import { getEngine } from "@/server/engines/get-engine";
import { getResultHd } from "@/server/generation/get-result-hd";
import { orderResultHd } from "@/server/generation/order-result-hd";
import { hdIsPlain } from "@/server/listings/hd-is-plain";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** Orders the result's 4K copy: 202 { state, balance } at once; a worker makes it and gives the token back if it cannot. Ordering again costs nothing. */
export const POST = userRoute({ rateLimit: "generate" }, async ({ user, params }) => jsonAnswer(await orderResultHd({ userId: user.id, visualizationId: params.id! }), 202));

/** Where the 4K copy stands: { state, hd } (hd: the image, downloadable from its URL, once made), and whether this engine's upscale is a plain resampling. */
export const GET = userRoute({}, async ({ user, params }) =>
  jsonAnswer({ ...(await getResultHd({ userId: user.id, visualizationId: params.id! })), plain: hdIsPlain({ engine: await getEngine() }) }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
