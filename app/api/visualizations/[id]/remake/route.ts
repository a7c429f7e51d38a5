import { remakeVisualization } from "@/server/generation/remake-visualization";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** Make a flagged result again, once, without spending: 201 { visualization } (the same one when asked again). */
export const POST = userRoute({ rateLimit: "generate" }, async ({ user, params }) =>
  jsonAnswer({ visualization: await remakeVisualization({ userId: user.id, visualizationId: params.id! }) }, 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
