/**
 * Google's hosts for a Tag Manager container with Google Analytics 4 (developers.google.com/tag-platform/
 * security/guides/csp). Under a nonce, browsers that know 'strict-dynamic' ignore the script hosts and trust
 * what the nonce-carrying loader adds; under hashes (a cached page) the hosts are what admits the loader.
 */
const tagManagerHosts = {
  script: " https://*.googletagmanager.com",
  img: " https://*.google-analytics.com https://*.googletagmanager.com",
  connect: " https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
};

/** How a page's own scripts are recognised: this response's nonce, or the hashes of its inline scripts. */
export type ScriptSources = { nonce: string } | { hashes: readonly string[] };

/**
 * The Content-Security-Policy of every page: scripts only with this request's nonce, nothing framed.
 * A page served from the shared-page cache lists the hashes of the inline scripts its render carried the
 * nonce on instead (src/server/http/shared-page-cache.ts); its script files come from 'self', which with
 * `nosniff` on every response admits only files served as JavaScript: the build's own.
 * Google's hosts are allowed only when a Tag Manager container is configured (`tagManager`).
 */
export function contentSecurityPolicy(options: ScriptSources & { dev: boolean; tagManager: boolean }): string {
  const google = options.tagManager ? tagManagerHosts : { script: "", img: "", connect: "" };
  const own = "nonce" in options ? `'nonce-${options.nonce}' 'strict-dynamic'` : options.hashes.map((hash) => `'sha256-${hash}'`).join(" ");
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${own}${options.dev ? " 'unsafe-eval'" : ""}${google.script}`,
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
      // The same host by another name of ours (a local address), over the same scheme as the site: an http://
      // page of a site served over https is not the site.
      const origin = new URL(options.origin);
      return origin.host === options.host && origin.protocol === new URL(options.appUrl).protocol;
    } catch {
      return false;
    }
  }
  return options.secFetchSite === "same-origin";
}
