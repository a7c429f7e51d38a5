/** RFC 3986 §2.3: the characters that mean the same escaped or not. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const DOT_SEGMENT = /(?:^|\/)\.{1,2}(?:\/|$)/;

/**
 * The request target as the router and the request log both see it: in the path, percent-escapes of
 * unreserved characters decoded (RFC 3986 §6.2.2.2: `/%70/x` is `/p/x`), runs of slashes made one, and dot
 * segments then removed (§5.2.4). So a path that names a page by an unusual spelling reaches the same route
 * and is logged, and redacted (redactSecrets), as that route's path. Other escapes (`%2F`, `%25`…) are left as
 * sent; the query is left as sent. A target that is not a path (absolute-form, `*`) is returned unchanged.
 */
export function normalizeRequestTarget(target: string): string {
  if (!target.startsWith("/")) return target;
  const query = target.indexOf("?");
  const path = query < 0 ? target : target.slice(0, query);
  let normalized = path
    .replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const char = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(char) ? char : escape;
    })
    .replace(/\/{2,}/g, "/");
  // The URL parser removes dot segments and keeps every other escape as it is.
  if (DOT_SEGMENT.test(normalized)) normalized = new URL(normalized, "http://localhost").pathname;
  return query < 0 ? normalized : normalized + target.slice(query);
}
