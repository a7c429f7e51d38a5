import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { z } from "zod";
import { API_JSON_MAX_BYTES, type ApiScope } from "@/config/api";
import { UPLOAD_MAX_BYTES } from "@/config/generation";
import { pathFor, type Locale } from "@/config/routes";
import { env } from "@/env";
import { authenticateApiKey, type ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { AppError } from "@/server/errors";
import { errorAnswer, preferredLocale } from "@/server/http/error-answer";
import { invalidInput } from "@/server/invalid-input";
import { fingerprintHash, requestFingerprint, runIdempotent, type StreamedFingerprint } from "@/server/public-api/run-idempotent";
import { hitRateLimit, type RateLimitState } from "@/server/rate-limit/hit-rate-limit";
import { otherMethodsRefusedWith, type OtherMethod, type RouteMethod } from "./api-route";

/*
 * The public API's one route wrapper (`/api/v1/…`). Every answer carries `Request-Id`; every error has one shape,
 * `{ error: { code, reason, message, param, doc_url, request_id } }`, with the message in the language of
 * Accept-Language. The key comes as `Authorization: Bearer az_…` (never a cookie: these routes are exempt from
 * the site's same-origin check), each key has its rate limit with RateLimit / RateLimit-Policy headers
 * (draft-ietf-httpapi-ratelimit-headers), a JSON body over API_JSON_MAX_BYTES is refused before it is parsed,
 * and a write with an Idempotency-Key answers its first answer again (src/server/public-api/run-idempotent.ts).
 */

type Params = Record<string, string>;
export type V1Context<Body> = { request: Request; caller: ApiCaller; body: Body; params: Params; locale: Locale; requestId: string; clientAddress: string };

type V1Options<Body> = {
  scope: ApiScope;
  /** The JSON body's schema; without one the route reads the body itself (an upload), or has none. */
  body?: z.ZodType<Body, unknown>;
  /** A write: takes an Idempotency-Key. */
  write?: boolean;
};

const newRequestId = () => `req_${randomBytes(12).toString("base64url")}`;

export function v1Route<Body = undefined>(options: V1Options<Body>, handler: (context: V1Context<Body>) => Promise<Response>) {
  return async (request: Request, context: { params: Promise<Params> }): Promise<Response> => {
    const requestId = newRequestId();
    const locale = preferredLocale(request.headers.get("accept-language"));
    const headers = new Headers({ "Request-Id": requestId, "cache-control": "no-store" });
    try {
      const clientAddress = request.headers.get("x-forwarded-for") || "unknown";
      const caller = await authenticateApiKey({ authorization: request.headers.get("authorization"), scope: options.scope, clientAddress });
      rateHeaders(headers, await hitRateLimit({ rule: "api", subject: caller.keyId }));
      const raw = options.body ? await readJson(request) : null;
      const body = options.body ? parse(options.body, raw!.value) : (undefined as Body);
      const params = await context.params;
      const run = async (passed: Request) => {
        try {
          return await handler({ request: passed, caller, body, params, locale, requestId, clientAddress });
        } catch (error) {
          return errorJson(error, locale, requestId, new Headers());
        }
      };
      const idempotencyKey = request.headers.get("idempotency-key");
      if (!options.write || !idempotencyKey) return withHeaders(await run(request), headers);
      if (idempotencyKey.length > 255) throw new AppError("INVALID_INPUT", { field: "Idempotency-Key", reason: "badIdempotencyKey" });
      const path = new URL(request.url).pathname;
      // A JSON body is already read; any other (an upload) is fingerprinted as the handler streams it.
      const streamed = raw ? null : fingerprintedBody(request, path);
      const answer = await runIdempotent({
        keyId: caller.keyId,
        idempotencyKey,
        fingerprint: raw ? requestFingerprint(request.method, path, raw.text) : streamed!.fingerprint,
        work: async () => {
          const response = await run(streamed?.request ?? request);
          return { status: response.status, body: await response.text() };
        },
      });
      if (answer.replayed) headers.set("Idempotent-Replayed", "true");
      headers.set("content-type", "application/json");
      return new Response(answer.body, { status: answer.status, headers });
    } catch (error) {
      return errorJson(error, locale, requestId, headers);
    }
  };
}

/**
 * A request id for the domain's own idempotency (createBatch's requestId) from the caller's Idempotency-Key,
 * so that a retry of the same write reaches the same batch even after the stored answer is gone; a fresh one
 * without a key.
 */
export function requestIdFor(context: { request: Request; caller: ApiCaller }): string {
  const key = context.request.headers.get("idempotency-key");
  const bytes = key ? createHash("sha256").update(`${context.caller.keyId}\n${key}`).digest() : randomBytes(16);
  const hex = bytes.subarray(0, 16).toString("hex");
  // A UUID (version 4 layout) as the request schemas expect.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** An error of the API outside a v1Route (an unknown path, a method a route does not serve), in its shape and the request's language. */
export function v1Refusal(error: AppError, request: Request): Response {
  return errorJson(error, preferredLocale(request.headers.get("accept-language")), newRequestId(), new Headers());
}

/**
 * What every `/api/v1` route file ends with: otherMethods answering in the API's error shape,
 * `export const { PUT, PATCH, DELETE, OPTIONS } = v1OtherMethods("GET", "POST");`
 */
export function v1OtherMethods<Served extends RouteMethod>(...served: Served[]): Record<OtherMethod<Served>, (request: Request) => Response> {
  return otherMethodsRefusedWith(v1Refusal, served);
}

/** A JSON answer of the API. */
export function v1Json(data: unknown, status = 200): Response {
  return Response.json(data, { status });
}

/** The `?cursor=&limit=` of a list, checked with `schema`. */
export function v1Query<T>(request: Request, schema: z.ZodType<T, unknown>): T {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/** The API's error answer; also for the MCP endpoint's refusals before its session. */
export function errorJson(error: unknown, locale: Locale, requestId: string, headers: Headers): Response {
  const answer = errorAnswer(error, { locale, context: "api.v1" });
  const reason = typeof answer.details.reason === "string" ? answer.details.reason : null;
  const param = typeof answer.details.field === "string" ? answer.details.field : null;
  if (answer.code === "RATE_LIMITED" || answer.code === "BUSY") headers.set("Retry-After", String(answer.details.retryAfter ?? 60));
  if (answer.code === "UNAUTHORIZED") headers.set("WWW-Authenticate", 'Bearer realm="api"');
  headers.set("Request-Id", requestId);
  headers.set("cache-control", "no-store");
  const docUrl = `${env().appUrl}${pathFor("/developers", locale)}#${answer.code.toLowerCase()}`;
  return Response.json(
    { error: { code: answer.code, reason, message: answer.message, param, doc_url: docUrl, request_id: requestId, ...(answer.code === "INSUFFICIENT_TOKENS" ? { balance: answer.details.balance, attempted: answer.details.attempted } : {}) } },
    { status: answer.status, headers },
  );
}

function rateHeaders(headers: Headers, state: RateLimitState) {
  headers.set("RateLimit-Policy", `"key";q=${state.limit};w=${state.windowSeconds}`);
  headers.set("RateLimit", `"key";r=${state.remaining};t=${state.resetSeconds}`);
}

function withHeaders(response: Response, headers: Headers): Response {
  headers.forEach((value, name) => {
    if (!response.headers.has(name)) response.headers.set(name, value);
  });
  return response;
}

/** The body as text, refused past API_JSON_MAX_BYTES (PAYLOAD_TOO_LARGE) whatever Content-Length says, then as JSON (INVALID_INPUT, reason badJson). */
async function readJson(request: Request): Promise<{ text: string; value: unknown }> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > API_JSON_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", { max: API_JSON_MAX_BYTES });
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > API_JSON_MAX_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw new AppError("PAYLOAD_TOO_LARGE", { max: API_JSON_MAX_BYTES });
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return { text, value: text ? JSON.parse(text) : {} };
  } catch {
    throw new AppError("INVALID_INPUT", { field: "body", reason: "badJson" });
  }
}

/** Bodies read to compare a repeat's fingerprint stop here: the first request's body was no longer (an upload's limit). */
const FINGERPRINT_MAX_BYTES = UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * The request with its body hashed as the handler reads it, so an upload's Idempotency-Key covers the whole
 * of its content without holding it in memory: the fingerprint of the same method, path and bytes as a JSON
 * body's (requestFingerprint).
 */
function fingerprintedBody(request: Request, path: string): { request: Request; fingerprint: StreamedFingerprint } {
  const hash = fingerprintHash(request.method, path);
  let complete = request.body === null;
  const body =
    request.body?.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          hash.update(chunk);
          controller.enqueue(chunk);
        },
        flush() {
          complete = true;
        },
      }),
    ) ?? null;
  const passed = body ? new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half", signal: request.signal } as RequestInit) : request;
  return {
    request: passed,
    fingerprint: {
      afterWork: () => (complete ? hash.copy().digest("hex") : null),
      async withoutWork() {
        if (body && !complete) {
          const reader = body.getReader();
          let total = 0;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            total += value.length;
            if (total > FINGERPRINT_MAX_BYTES) {
              await reader.cancel().catch(() => undefined);
              return "longer than any first request";
            }
          }
        }
        return hash.digest("hex");
      },
    },
  };
}

function parse<T>(schema: z.ZodType<T, unknown>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}
