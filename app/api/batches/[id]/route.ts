import { getBatch } from "@/server/generation/get-batch";
import { errorResponse } from "@/server/http/error-answer";
import { apiUser } from "@/web/server/api";
import { AppError } from "@/server/errors";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await apiUser(request);
  if (!user) return errorResponse(new AppError("NOT_FOUND"), request);
  try {
    return Response.json({ batch: await getBatch({ userId: user.id, batchId: (await params).id }) }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error, request);
  }
}
