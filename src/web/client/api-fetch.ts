/**
 * The browser's one way to call our API: every answer read once, into a value, the server's error
 * ({ error: { code, details, message } }, the message translated by the server: src/server/http/error-answer.ts),
 * or no answer. Queries (TanStack Query) take `getJson`, which throws the same error as an `ApiFailure`.
 */
export type ApiError = { ok: false; kind: "error"; status: number; code: string; details: Record<string, unknown>; message?: string };
export type NoAnswer = { ok: false; kind: "network" };
export type Answer<T> = { ok: true; body: T } | ApiError | NoAnswer;

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The server's error in an answer's text; anything else (a proxy's error page, a cut-off body) is "generic". */
export function readApiError(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; details?: unknown; message?: unknown } } | null;
    const error = body?.error;
    if (error && typeof error.code === "string") {
      const details = error.details && typeof error.details === "object" && !Array.isArray(error.details) ? (error.details as Record<string, unknown>) : {};
      const message = typeof error.message === "string" ? error.message : undefined;
      return { ok: false, kind: "error", status, code: error.code, details, message };
    }
  } catch {
    // Not our JSON: falls through to a generic error.
  }
  return { ok: false, kind: "error", status, code: "generic", details: {} };
}

/**
 * One call: a body is sent as JSON, or a Blob as it is. A success whose JSON was cut off on the way is as
 * good as no answer, so the caller may send the same request (with the same request id) again.
 */
export async function apiFetch<T>(method: ApiMethod, url: string, body?: unknown, signal?: AbortSignal): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = body instanceof Blob ? body.type || "application/octet-stream" : "application/json";
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body), signal });
    text = await response.text();
  } catch {
    return { ok: false, kind: "network" };
  }
  if (!response.ok) return readApiError(response.status, text);
  if (response.status === 204) return { ok: true, body: undefined as T };
  try {
    return { ok: true, body: JSON.parse(text) as T };
  } catch {
    return { ok: false, kind: "network" };
  }
}

/** A failed answer thrown by `getJson`, for a query to hold as its error. */
export class ApiFailure extends Error {
  constructor(readonly answer: ApiError | NoAnswer) {
    super(answer.kind === "network" ? "no answer" : `${answer.status} ${answer.code}`);
    this.name = "ApiFailure";
  }
}

/** GET for a query: the answer's body, or an `ApiFailure`. */
export async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const answer = await apiFetch<T>("GET", url, undefined, signal);
  if (!answer.ok) throw new ApiFailure(answer);
  return answer.body;
}

/** The server's translated sentence for a failed answer; null for no answer (the page says its own). */
export function serverMessage(answer: ApiError | NoAnswer): string | null {
  return answer.kind === "error" ? (answer.message ?? null) : null;
}
