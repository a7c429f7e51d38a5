import { AppError } from "@/server/errors";
import { getBatch } from "@/server/generation/get-batch";
import { streamBatchEvents } from "@/server/generation/stream-batch-events";
import { errorResponse } from "@/server/http/error-answer";
import { apiUser } from "@/web/server/api";

export const dynamic = "force-dynamic";

/**
 * The batch's live progress as Server-Sent Events. EventSource sends Last-Event-ID when it reconnects,
 * and the stream resumes after it. server.ts leaves text/event-stream uncompressed, so each event goes out at once.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await apiUser(request);
  if (!user) return errorResponse(new AppError("NOT_FOUND"), request);
  const batchId = (await params).id;
  try {
    await getBatch({ userId: user.id, batchId });
  } catch (error) {
    return errorResponse(error, request);
  }
  const afterSeq = Number(request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after") ?? 0);
  return new Response(streamBatchEvents({ batchId, afterSeq: Number.isFinite(afterSeq) ? afterSeq : 0, signal: request.signal }), {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
