import "server-only";
import { getAuth } from "@/server/auth/auth";
import { isAppError } from "@/server/errors";
import { log } from "@/server/log";

/** Helpers for route handlers: who is asking, and errors as `{ error: { code, details } }` with the code's status. */
export async function apiUser(request: Request): Promise<{ id: string } | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: request.headers });
  return session ? { id: session.user.id } : null;
}

export function errorResponse(error: unknown): Response {
  if (isAppError(error)) {
    const headers: Record<string, string> = { "cache-control": "no-store" };
    // Every 429 says when to come back (RFC 9110 Retry-After), as the auth library's do.
    if (error.code === "RATE_LIMITED") headers["Retry-After"] = String(error.details.retryAfter ?? 60);
    return Response.json({ error: { code: error.code, details: error.details } }, { status: error.status, headers });
  }
  log.error("api.unexpected", { error });
  return Response.json({ error: { code: "INTERNAL", details: {} } }, { status: 500, headers: { "cache-control": "no-store" } });
}

export function unauthorized(): Response {
  return Response.json({ error: { code: "UNAUTHORIZED", details: {} } }, { status: 401, headers: { "cache-control": "no-store" } });
}
