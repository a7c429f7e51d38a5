import "server-only";
import type { z } from "zod";
import { env } from "@/env";
import { AppError } from "@/server/errors";
import { parseInput } from "@/server/parse-input";
import { isSameOriginRequest } from "@/server/http/csp";
import { errorResponse, type Wording } from "@/server/http/error-answer";
import { hitRateLimit, type rateLimits } from "@/server/rate-limit/hit-rate-limit";
import { apiUser } from "./api";

/*
 * The three shapes of a route handler, sharing one error map (src/server/http/error-answer.ts): an error
 * thrown anywhere in the handler leaves as `{ error: { code, details, message } }` with its status, and
 * anything that is not an AppError as a logged INTERNAL (500). `userRoute` for a signed-in person,
 * `publicRoute` for anyone (shared links, previews, images drawn at build time), `webhookRoute` for a
 * provider's signed call. The one handler outside them is better-auth's own (app/api/auth), which answers
 * in its own format.
 */

type RouteContext<Params> = { params: Promise<Params> };
type Route<Params> = (request: Request, context: RouteContext<Params>) => Promise<Response>;

type BodyOption<Body> = {
  /** The JSON body, parsed with zod; an invalid body is INVALID_INPUT naming its first field. */
  body?: z.ZodType<Body, unknown>;
  /** Names an unexpected failure in the log (`<context>.unexpected`); "api" when not given. */
  context?: string;
  /** The route's own sentences for the errors it names (errorAnswer's `wording`). */
  wording?: Wording;
};

type UserOptions<Body> = BodyOption<Body> & {
  rateLimit?: keyof typeof rateLimits;
  /** A visitor's answer: UNAUTHORIZED, or NOT_FOUND where anything of another account is a 404 too. */
  visitor?: "UNAUTHORIZED" | "NOT_FOUND";
  /** For paths that bypass the proxy (raw upload bodies), which then check the origin here (FORBIDDEN). */
  checkOrigin?: boolean;
};

type Handled<Body, Params> = { request: Request; body: Body; params: Params };

/**
 * A signed-in route handler: the origin check where asked, the session, a rate limit, the body, then the
 * handler.
 */
export function userRoute<Body = undefined, Params = Record<string, string>>(
  options: UserOptions<Body>,
  handler: (context: Handled<Body, Params> & { user: { id: string } }) => Promise<Response>,
): Route<Params> {
  return (request, context) =>
    answered(request, options.context, async () => {
      if (options.checkOrigin && !sameOrigin(request)) throw new AppError("FORBIDDEN", { reason: "crossOrigin" });
      const user = await apiUser(request);
      if (!user) throw new AppError(options.visitor ?? "UNAUTHORIZED");
      if (options.rateLimit) await hitRateLimit({ rule: options.rateLimit, subject: user.id });
      const body = await parsedBody(request, options.body);
      return handler({ request, user, body, params: await context.params });
    });
}

/** A route handler open to anyone: the body, then the handler. */
export function publicRoute<Body = undefined, Params = Record<string, string>>(
  options: BodyOption<Body>,
  handler: (context: Handled<Body, Params>) => Promise<Response>,
): Route<Params> {
  return (request, context) =>
    answered(request, options.context, async () => handler({ request, body: await parsedBody(request, options.body), params: await context.params }), options.wording);
}

/**
 * A provider's webhook (exempt from the proxy's same-origin check, trusting only its signature): the raw
 * body, unparsed, since the signature covers its exact bytes. A thrown error is a 500, so the provider retries.
 */
export function webhookRoute(options: { context: string }, handler: (context: { request: Request; rawBody: string }) => Promise<Response>): (request: Request) => Promise<Response> {
  return (request) => answered(request, options.context, async () => handler({ request, rawBody: await request.text() }));
}

/** The methods a route file answers itself; Next answers HEAD from GET and OPTIONS from what is exported. */
const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];
export type OtherMethod<Served extends RouteMethod> = Exclude<RouteMethod, Served> | "OPTIONS" | ("GET" extends Served ? never : "HEAD");

/**
 * Handlers for the methods a route does not serve: METHOD_NOT_ALLOWED (405) in the error map's JSON with
 * `Allow`, which RFC 9110 §15.5.6 requires and Next's own 405 (no body) lacks, and OPTIONS with the same
 * `Allow` (Next's would count these handlers as served). Every route file ends with one, naming what it
 * serves: `export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");`
 */
export function otherMethods<Served extends RouteMethod>(...served: Served[]): Record<OtherMethod<Served>, (request: Request) => Response> {
  return otherMethodsRefusedWith(errorResponse, served);
}

/** otherMethods with another answer for the refusal (the public API's error shape). */
export function otherMethodsRefusedWith<Served extends RouteMethod>(
  answer: (error: AppError, request: Request) => Response,
  served: Served[],
): Record<OtherMethod<Served>, (request: Request) => Response> {
  const answered: string[] = [...served, ...(served.includes("GET" as Served) ? ["HEAD"] : []), "OPTIONS"];
  const allow = answered.sort().join(", ");
  const refuse = (request: Request) => {
    const response = answer(new AppError("METHOD_NOT_ALLOWED", { method: request.method }), request);
    response.headers.set("Allow", allow);
    return response;
  };
  const others = ["HEAD", ...ROUTE_METHODS].filter((method) => !answered.includes(method));
  return {
    ...Object.fromEntries(others.map((method) => [method, refuse])),
    OPTIONS: () => new Response(null, { status: 204, headers: { Allow: allow } }),
  } as Record<OtherMethod<Served>, (request: Request) => Response>;
}

/** Stored bytes as a response body: a view of the buffer, not a copy (a full-size result is megabytes). */
export function fileBody(data: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(data.buffer, data.byteOffset, data.length) as Uint8Array<ArrayBuffer>;
}

/** A JSON answer that no cache keeps. */
export function jsonAnswer(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: { "cache-control": "no-store" } });
}

/** The JSON body checked by `schema`; INVALID_INPUT names the first field that failed, and the schema's reason. */
export async function parseJsonBody<T>(request: Request, schema: z.ZodType<T, unknown>): Promise<T> {
  return parseInput(schema, await request.json().catch(() => null));
}

/** Runs `work`; any error it throws becomes the error answer. */
export async function answered(request: Request, context: string | undefined, work: () => Promise<Response>, wording?: Wording): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    return errorResponse(error, request, context, wording);
  }
}

async function parsedBody<Body>(request: Request, schema: z.ZodType<Body, unknown> | undefined): Promise<Body> {
  return schema ? parseJsonBody(request, schema) : (undefined as Body);
}

function sameOrigin(request: Request): boolean {
  return isSameOriginRequest({
    method: request.method,
    origin: request.headers.get("origin"),
    secFetchSite: request.headers.get("sec-fetch-site"),
    host: request.headers.get("host"),
    appUrl: env().appUrl,
  });
}
