import "server-only";
import type { z } from "zod";
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/error-answer";
import { hitRateLimit, type rateLimits } from "@/server/rate-limit/hit-rate-limit";
import { apiUser } from "./api";

type RouteContext = { params: Promise<Record<string, string>> };

type Handled<Body> = {
  request: Request;
  user: { id: string };
  body: Body;
  params: Record<string, string>;
};

/**
 * The one shape of a signed-in JSON route handler (the proxy has already checked the origin): the session, a
 * rate limit, the body parsed with zod (an invalid body is INVALID_INPUT naming its first field), then the handler; any error leaves through the one error map (src/server/http/error-answer.ts).
 */
export function userRoute<Body = undefined>(
  options: { body?: z.ZodType<Body, unknown>; rateLimit?: keyof typeof rateLimits },
  handler: (context: Handled<Body>) => Promise<Response>,
): (request: Request, context: RouteContext) => Promise<Response> {
  return async (request, context) => {
    try {
      const user = await apiUser(request);
      if (!user) throw new AppError("UNAUTHORIZED");
      if (options.rateLimit) await hitRateLimit({ rule: options.rateLimit, subject: user.id });
      let body = undefined as Body;
      if (options.body) {
        const parsed = options.body.safeParse(await request.json().catch(() => null));
        if (!parsed.success) throw new AppError("INVALID_INPUT", { field: String(parsed.error.issues[0]?.path[0] ?? "body") });
        body = parsed.data;
      }
      return await handler({ request, user, body, params: await context.params });
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}

/** A JSON answer that no cache keeps. */
export function jsonAnswer(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: { "cache-control": "no-store" } });
}
