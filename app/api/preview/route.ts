import { NextResponse } from "next/server";
import { env } from "@/env";
import { requestOrigin } from "@/server/http/request-origin";
import { isPreviewToken, PREVIEW_COOKIE, PREVIEW_MAX_AGE, previewCookieValue, previewRedirectPath } from "@/server/blog/preview";
import { otherMethods, publicRoute } from "@/web/server/api-route";

export const dynamic = "force-dynamic";

/**
 * The editor preview's door: `?token=<PREVIEW_TOKEN>&to=/blog/draft-slug` sets the preview cookie and
 * opens the page with `preview` and `staging`; `?exit=1&to=...` removes the cookie. Off (404) when
 * PREVIEW_TOKEN is not set.
 */
export const GET = publicRoute({ context: "preview" }, async ({ request }) => {
  const { PREVIEW_TOKEN: token, APP_URL, PORT, secureCookies } = env();
  const params = new URL(request.url).searchParams;
  const headers = { "cache-control": "no-store" };
  if (!token) return new NextResponse("Not found\n", { status: 404, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });

  const exit = params.has("exit");
  if (!exit && !isPreviewToken(params.get("token"), token)) {
    return new NextResponse("Wrong preview token\n", { status: 403, headers: { ...headers, "content-type": "text/plain; charset=utf-8" } });
  }
  const response = NextResponse.redirect(new URL(previewRedirectPath(params.get("to"), { exit }), requestOrigin({ appUrl: APP_URL, port: PORT, host: request.headers.get("host") })), { status: 303, headers });
  const cookie = { name: PREVIEW_COOKIE, httpOnly: true, sameSite: "lax" as const, secure: secureCookies, path: "/" };
  if (exit) response.cookies.set({ ...cookie, value: "", maxAge: 0 });
  else response.cookies.set({ ...cookie, value: previewCookieValue(token), maxAge: PREVIEW_MAX_AGE });
  return response;
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
