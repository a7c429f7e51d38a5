import { createBatchSchema } from "@/schemas/generation";
import { createBatch } from "@/server/generation/create-batch";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { activeTeamId } from "@/web/server/active-team";
import { jsonAnswer, otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/** Generate: spends the tokens and queues one job per visualization; answers at once, results follow on the event stream. */
export const POST = userRoute({ rateLimit: "generate", body: createBatchSchema }, async ({ user, body }) =>
  jsonAnswer(await createBatch({ userId: user.id, teamId: await activeTeamId(user.id), request: body, engineId: getEngineInfo().id }), 201),
);

export const { GET, PUT, PATCH, DELETE, HEAD, OPTIONS } = otherMethods("POST");
