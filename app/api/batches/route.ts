import { createBatchSchema } from "@/schemas/generation";
import { AppError } from "@/server/errors";
import { createBatch } from "@/server/generation/create-batch";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { errorResponse } from "@/server/http/error-answer";
import { apiUser } from "@/web/server/api";

export const dynamic = "force-dynamic";

/** Generate: spends the tokens and queues one job per style; answers at once, results follow on the event stream. */
export async function POST(request: Request) {
  const user = await apiUser(request);
  if (!user) return errorResponse(new AppError("UNAUTHORIZED"), request);
  try {
    const parsed = createBatchSchema.safeParse(await request.json().catch(() => null));
    if (!parsed.success) throw new AppError("INVALID_INPUT", { field: String(parsed.error.issues[0]?.path[0] ?? "body") });
    await hitRateLimit({ rule: "generate", subject: user.id });
    const result = await createBatch({ userId: user.id, request: parsed.data, engineId: getEngineInfo().id });
    return Response.json(result, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error, request);
  }
}
