import { getBatch } from "@/server/generation/get-batch";
import { streamBatchEvents } from "@/server/generation/stream-batch-events";
import { otherMethods, userRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/**
 * The batch's live progress as Server-Sent Events. EventSource sends Last-Event-ID when it reconnects,
 * and the stream resumes after it. The answer carries `Cache-Control: no-transform`, which Next's compression
 * honours, so each event goes out at once.
 */
export const GET = userRoute({ visitor: "NOT_FOUND" }, async ({ request, user, params }) => {
  const batchId = params.id!;
  await getBatch({ userId: user.id, batchId });
  const afterSeq = Number(request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? 0);
  return new Response(streamBatchEvents({ batchId, afterSeq: Number.isFinite(afterSeq) ? afterSeq : 0, signal: request.signal }), {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
