import { remakeVisualization } from "@/server/generation/remake-visualization";
import { jsonAnswer, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** Make a flagged result again, once, without spending: 201 { visualization } (the same one when asked again). */
export const POST = userRoute({ rateLimit: "generate" }, async ({ user, params }) =>
  jsonAnswer({ visualization: await remakeVisualization({ userId: user.id, visualizationId: params.id! }) }, 201),
);
