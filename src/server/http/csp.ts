/** The Content-Security-Policy of every page: scripts only with this request's nonce, nothing framed. */
export function contentSecurityPolicy(options: { nonce: string; dev: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes come from React and the UI libraries; they cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws:" : ""}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  return directives.join("; ");
}

const BOT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram/i;
export function isCrawler(userAgent: string | null): boolean {
  return userAgent !== null && BOT.test(userAgent);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request must come from our own pages: its Origin (or, failing that, the browser's
 * Sec-Fetch-Site) must say so. Requests with neither are not from a browser form and are refused too.
 */
export function isSameOriginRequest(options: { method: string; origin: string | null; secFetchSite: string | null; host: string | null; appUrl: string }): boolean {
  if (SAFE_METHODS.has(options.method)) return true;
  if (options.origin) {
    if (options.origin === options.appUrl) return true;
    try {
      return new URL(options.origin).host === options.host;
    } catch {
      return false;
    }
  }
  return options.secFetchSite === "same-origin";
}
