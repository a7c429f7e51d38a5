import { AppError } from "@/server/errors";
import { env } from "@/env";
import { isSameOriginRequest } from "@/server/http/csp";
import { listGallery } from "@/server/generation/list-gallery";
import { uploadImage } from "@/server/generation/upload-image";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { errorResponse } from "@/server/http/error-answer";
import { apiUser } from "@/web/server/api";

export const dynamic = "force-dynamic";

/** Upload: the body is the file's bytes. This path bypasses the proxy (it would buffer and cut bodies over 10 MB), so the origin check is here. */
export async function POST(request: Request) {
  const sameOrigin = isSameOriginRequest({
    method: request.method,
    origin: request.headers.get("origin"),
    secFetchSite: request.headers.get("sec-fetch-site"),
    host: request.headers.get("host"),
    appUrl: env().appUrl,
  });
  if (!sameOrigin) return errorResponse(new AppError("FORBIDDEN"), request);
  const user = await apiUser(request);
  if (!user) return errorResponse(new AppError("UNAUTHORIZED"), request);
  try {
    await hitRateLimit({ rule: "upload", subject: user.id });
    // server.ts puts the client's address here (the proxy's, when TRUST_PROXY says so).
    const image = await uploadImage({ userId: user.id, clientAddress: request.headers.get("x-forwarded-for") || "unknown", body: request.body });
    return Response.json({ image }, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (error) {
    return errorResponse(error, request);
  }
}

export async function GET(request: Request) {
  const user = await apiUser(request);
  if (!user) return errorResponse(new AppError("UNAUTHORIZED"), request);
  return Response.json({ images: await listGallery({ userId: user.id }) }, { headers: { "cache-control": "no-store" } });
}
