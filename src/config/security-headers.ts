/**
 * Response headers that do not depend on the request: Next adds them to every response (next.config.ts),
 * and server.ts to the precompressed build files it sends itself. The CSP (with a per-request nonce) and
 * HSTS are set in proxy.ts.
 */
export const staticSecurityHeaders: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(self), microphone=(), geolocation=(), interest-cohort=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/**
 * Paths (after the leading slash) whose answers carry a secret in their address, a client link's page and images:
 * they send no Referer (`no-referrer`) instead of the site's policy.
 */
export const NO_REFERRER_PATHS = ["p/", "en/p/", "api/shares/"] as const;

/** Set by the proxy on every page request: "1" when the address carries a secret, and the page loads no third-party script. */
export const SECRET_ADDRESS_HEADER = "x-secret-address";
