/**
 * Google's hosts for a Tag Manager container with Google Analytics 4 (developers.google.com/tag-platform/
 * security/guides/csp). Browsers that know 'strict-dynamic' ignore the script hosts and trust what the
 * nonce-carrying loader adds; the list is for those that do not.
 */
const tagManagerHosts = {
  script: " https://*.googletagmanager.com",
  img: " https://*.google-analytics.com https://*.googletagmanager.com",
  connect: " https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
};

/**
 * The Content-Security-Policy of every page: scripts only with this request's nonce, nothing framed.
 * Google's hosts are allowed only when a Tag Manager container is configured (`tagManager`).
 */
export function contentSecurityPolicy(options: { nonce: string; dev: boolean; tagManager: boolean }): string {
  const google = options.tagManager ? tagManagerHosts : { script: "", img: "", connect: "" };
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}${google.script}`,
    // Inline style attributes come from React and the UI libraries; they cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${google.img}`,
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws:" : ""}${google.connect}`,
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
