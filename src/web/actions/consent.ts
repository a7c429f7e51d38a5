"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, serializeConsent } from "@/config/consent";
import { env } from "@/env";
import { formAction } from "./action";

/**
 * Stores the visitor's answer from the banner or the settings dialog: `choice` is accept, reject or
 * save (then the `analytics` box decides). Setting the cookie makes Next render the page again, so the
 * layout, which reads it, drops the banner and starts or stops Tag Manager.
 */
export const saveConsent = formAction(
  z.object({ choice: z.string().catch(""), analytics: z.string().catch("") }),
  async (input) => {
    const analytics = input.choice === "accept" || (input.choice === "save" && input.analytics === "granted");
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
  },
  { context: "consent.save", auth: "optional" },
);

function samePageAs(referer: string | null, host: string | null): string {
  try {
    const url = new URL(referer ?? "");
    return url.host === host ? url.pathname + url.search : "/";
  } catch {
    return "/";
  }
}
