"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, serializeConsent } from "@/config/consent";
import { env } from "@/env";

/**
 * Stores the visitor's answer from the banner or the settings dialog: `choice` is accept, reject or
 * save (then the `analytics` box decides). Setting the cookie makes Next render the page again, so the
 * layout, which reads it, drops the banner and starts or stops Tag Manager.
 */
export async function saveConsent(formData: FormData): Promise<void> {
  const choice = formData.get("choice");
  const analytics = choice === "accept" || (choice === "save" && formData.get("analytics") === "granted");
  (await cookies()).set(CONSENT_COOKIE, serializeConsent({ analytics, date: new Date().toISOString().slice(0, 10) }), {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secureCookies,
    path: "/",
    maxAge: CONSENT_MAX_AGE_DAYS * 24 * 60 * 60,
  });
  // A banner button pressed before the page's scripts ran posts the form itself; answer that with a
  // redirect back, so that reloading the page does not post it again.
  const requestHeaders = await headers();
  if (!requestHeaders.has("next-action")) redirect(samePageAs(requestHeaders.get("referer"), requestHeaders.get("host")));
}

function samePageAs(referer: string | null, host: string | null): string {
  try {
    const url = new URL(referer ?? "");
    return url.host === host ? url.pathname + url.search : "/";
  } catch {
    return "/";
  }
}
