/**
 * A 429 from the auth library says when to come back only in a non-standard `X-Retry-After` header;
 * clients and proxies read `Retry-After` (RFC 9110). Adds it, keeping the library's header as well.
 */
export function withRetryAfter(response: Response): Response {
  if (response.status !== 429 || response.headers.has("retry-after")) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", response.headers.get("x-retry-after") ?? "60");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
