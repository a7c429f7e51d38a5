import { NextResponse, type NextRequest } from "next/server";
import createIntlMiddleware from "next-intl/middleware";
import { routing } from "@/i18n/routing";
import { matchPath, pathFor, rootEnglishRoutes, routes, safeReturnPath } from "@/config/routes";
import { RETURN_TO_COOKIE, RETURN_TO_MAX_AGE, SHARE_COOKIE_MAX_AGE, shareCookieName } from "@/config/cookies";
import { env } from "@/env";
import { contentSecurityPolicy, isCrawler, isSameOriginRequest } from "@/server/http/csp";
import { getAuth } from "@/server/auth/auth";
import { malformedRequest } from "@/server/http/refuse-malformed-request";
import { errorResponse } from "@/server/http/error-answer";
import { AppError } from "@/server/errors";
import { SECRET_ADDRESS_HEADER, staticSecurityHeaders } from "@/config/security-headers";
import { catalogs } from "@/i18n/catalogs";
import { findShareLink } from "@/server/listings/find-share-link";
import { carriesSecret } from "@/server/http/redact-secrets";
import { SESSION_SEAL_HEADER, sealSessionUser, sessionCookieOf } from "@/server/auth/seal-session-user";
import { FILL_HEADER, pageFillToken } from "@/server/http/page-fill-token";
import { isSignedInShell } from "@/config/page-cache";

const intl = createIntlMiddleware(routing);

/**
 * Every request passes here: same-origin check for state changes, the CSP nonce, the English legal
 * pages at the root, the sign-in guard, a plain 404 for crawlers, then next-intl's locale routing.
 */
export default async function proxy(request: NextRequest) {
  const { appUrl, secureCookies, NODE_ENV, GTM_ID } = env();
  const { pathname, search } = request.nextUrl;
  // Only this proxy hands a verified user to the render; nothing a client sends under that name gets through.
  request.headers.delete(SESSION_SEAL_HEADER);

  // server.ts refuses these before Next sees them; this covers `next start` and `next dev`.
  if (malformedRequest(request.method, pathname)?.status === 400) {
    const headers = { ...staticSecurityHeaders, "content-security-policy": "default-src 'none'; frame-ancestors 'none'", "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" };
    return new NextResponse("Bad request: malformed URL\n", { status: 400, headers });
  }

  // Payment providers' webhooks come from their servers without an Origin; they trust only their signature.
  if (
    !pathname.startsWith("/api/webhooks/") &&
    !isSameOriginRequest({
      method: request.method,
      origin: request.headers.get("origin"),
      secFetchSite: request.headers.get("sec-fetch-site"),
      host: request.headers.get("host"),
      appUrl,
    })
  ) {
    return errorResponse(new AppError("FORBIDDEN", { reason: "crossOrigin" }), request, "proxy");
  }

  if (pathname === "/api" || pathname.startsWith("/api/")) return NextResponse.next();

  // A page whose address carries a secret (a client link, a reset token) loads no third-party script, whatever
  // the consent: the layout leaves Tag Manager out and the CSP does not allow it.
  const secret = carriesSecret(pathname + search);
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = contentSecurityPolicy({ nonce, dev: NODE_ENV === "development", tagManager: GTM_ID !== undefined && !secret });
  request.headers.set("x-nonce", nonce);
  request.headers.set("content-security-policy", csp);
  request.headers.set("x-pathname", pathname);
  request.headers.set(SECRET_ADDRESS_HEADER, secret ? "1" : "0");

  let refreshedCookies: string[] = [];
  const finish = (response: NextResponse) => {
    for (const cookie of refreshedCookies) response.headers.append("set-cookie", cookie);
    response.headers.set("Content-Security-Policy", csp);
    if (secureCookies) response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    return response;
  };

  const match = matchPath(pathname);

  // A client link: `/p/<token>`, or `/p/<id>` with the token in its cookie. A link whose images are all past their
  // hour answers 410 (an unknown or revoked one is the page's own 404).
  const shared = /^(\/en)?\/p\/([A-Za-z0-9_-]{16,64})$/.exec(pathname);
  const sharedCookie = shared ? request.cookies.get(shareCookieName(shared[2]!))?.value : undefined;
  const sharedLink = shared ? await findShareLink({ token: sharedCookie ?? shared[2]! }) : null;
  // The token is exchanged for an HttpOnly cookie and the address becomes the link's id, so the token leaves
  // the browser's history and the address bar, and no script of the page reads it from location. Not for
  // messengers' preview bots, which keep no cookies: they get the page at the address they were given.
  if (shared && sharedLink && !sharedLink.gone && !sharedCookie && !isCrawler(request.headers.get("user-agent"))) {
    const response = NextResponse.redirect(new URL(`${shared[1] ?? ""}/p/${sharedLink.id}${search}`, request.url), 303);
    for (const path of [`/p/${sharedLink.id}`, `/en/p/${sharedLink.id}`]) {
      const flags = `Path=${path}; Max-Age=${SHARE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secureCookies ? "; Secure" : ""}`;
      response.headers.append("set-cookie", `${shareCookieName(sharedLink.id)}=${shared[2]}; ${flags}`);
    }
    response.headers.set("referrer-policy", "no-referrer");
    return finish(response);
  }
  if (sharedLink?.gone) {
    const locale = pathname.startsWith("/en/") ? "en" : "pl";
    const t = catalogs[locale].listings;
    const body = `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width"><title>${t.sharedGoneTitle}</title><h1>${t.sharedGoneTitle}</h1><p>${t.sharedGone}</p></html>`;
    return finish(new NextResponse(body, { status: 410, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-robots-tag": "noindex" } }));
  }

  // One English URL per legal page: the table's root path.
  if (match && match.locale === "en" && pathname.startsWith("/en/") && rootEnglishRoutes.includes(match.key)) {
    return finish(NextResponse.redirect(new URL(routes[match.key].en + search, request.url), 308));
  }

  // A client's link is opened by messengers' preview bots too: they get the page (its generic title, noindex), not a 404.
  if (!match && !shared && isCrawler(request.headers.get("user-agent")) && !/^\/pl(\/|$)/.test(pathname)) {
    return finish(new NextResponse(`Page not found: ${pathname}`, { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } }));
  }

  const returnCookie = (path: string) => ({ httpOnly: true, sameSite: "lax" as const, secure: secureCookies, maxAge: RETURN_TO_MAX_AGE, path: "/", value: path, name: RETURN_TO_COOKIE });

  // A page that found no user after the proxy let it through (a session that ended in between) sends the
  // visitor to /login?return=<path>: remember the path the same way and show the clean login URL.
  if (match?.key === "/login" && request.nextUrl.searchParams.has("return")) {
    const clean = new URL(request.url);
    const target = safeReturnPath(clean.searchParams.get("return"));
    clean.searchParams.delete("return");
    const response = NextResponse.redirect(clean);
    if (target) response.cookies.set(returnCookie(target));
    return finish(response);
  }

  // The page cache's own request for a signed-in shell (server.ts confirms each visitor's session itself).
  const shellFill = match !== null && isSignedInShell(match.key) && request.headers.get(FILL_HEADER) === pageFillToken();
  if (match && routes[match.key].access === "user" && !shellFill) {
    const auth = await getAuth();
    // returnHeaders: when the lookup extends the rolling session, its refreshed cookie goes back to the browser.
    const { response: session, headers: sessionHeaders } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
    refreshedCookies = sessionHeaders.getSetCookie();
    if (!session) {
      const login = new URL(pathFor("/login", match.locale), request.url);
      // A failed confirmation link lands on /confirm?error=...; the login page explains it.
      const error = request.nextUrl.searchParams.get("error");
      if (error) login.searchParams.set("error", error);
      const response = NextResponse.redirect(login);
      // Only a page the visitor opened is worth returning to, not a link the router fetched in the background.
      const dest = request.headers.get("sec-fetch-dest");
      if (dest === null || dest === "document") {
        response.cookies.set(returnCookie(pathname + search));
      }
      return finish(response);
    }
    const sessionCookie = sessionCookieOf(request.cookies);
    if (sessionCookie) request.headers.set(SESSION_SEAL_HEADER, sealSessionUser({ user: session.user, sessionCookie }));
  }

  if (match && match.locale === "en" && !pathname.startsWith("/en")) {
    // A root English legal path: serve the English page without a redirect.
    const internal = new URL(`/en${match.key}${search}`, request.url);
    return finish(NextResponse.rewrite(internal, { request: { headers: request.headers } }));
  }

  // The URL decides the language, and a reader's explicit choice (the NEXT_LOCALE cookie) is remembered;
  // the browser's Accept-Language is not used to move anyone off the Polish default.
  request.headers.delete("accept-language");
  return finish(intl(request));
}

export const config = {
  matcher: [
    // Every page and route, paths with a dot too (a page like /blog/a.b needs its CSP, a post there the
    // origin check), but not: Next's build files, the public folders and the generated robots.txt,
    // sitemap.xml and icon (static, and a proxy would only slow them down), nor /api/images: a proxy
    // buffers request bodies and cuts them at 10 MB, which would truncate uploads (that route checks the
    // origin itself), nor the public API and the MCP endpoint (/api/v1, /mcp): they take a key in a header,
    // never a cookie, so the origin check has nothing to guard, and they refuse large bodies themselves.
    // tests/unit/proxy-matcher.test.ts holds the list to the public folder.
    "/((?!_next/|_vercel/|api/images(?:/|$)|api/v1/|mcp(?:/|$)|fonts/|library/|styles/|showcase/|blog/covers/|robots\\.txt$|sitemap\\.xml$|icon\\.svg$).*)",
    // A server action can be posted to any path (a catch-all page answers everywhere), skipped ones included.
    { source: "/((?!api/images(?:/|$)).*)", has: [{ type: "header", key: "next-action" }] },
  ],
};
