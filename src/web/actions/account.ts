"use server";

import { headers } from "next/headers";
import { env } from "@/env";
import { getSessionUser } from "@/web/server/session";
import { markWelcomeShown } from "@/server/accounts/mark-welcome-shown";
import { getLocale } from "next-intl/server";
import type { Locale } from "@/config/routes";
import { deleteOwnAccount } from "@/server/accounts/delete-own-account";
import { getAuth } from "@/server/auth/auth";
import { AppError } from "@/server/errors";
import { errorAnswer } from "@/server/http/error-answer";

export async function markWelcomeModalShown(): Promise<void> {
  const user = await getSessionUser();
  if (user) await markWelcomeShown({ userId: user.id });
}

export type DeleteAccountResult = { ok: true } | { ok: false; message: string };

/** Deletes the signed-in account (the rule is the domain's: src/server/accounts/delete-own-account.ts). */
export async function deleteMyAccount(input: { password?: string }): Promise<DeleteAccountResult> {
  const locale = (await getLocale()) as Locale;
  try {
    const user = await getSessionUser();
    if (!user) throw new AppError("UNAUTHORIZED");
    const auth = await getAuth();
    const requestHeaders = await headers();
    await deleteOwnAccount({
      userId: user.id,
      password: typeof input.password === "string" ? input.password : "",
      verifyPassword: async (password) => {
        // Through the handler, not the direct API: only requests through it pass the rate limiter.
        const { appUrl } = env();
        const check = await auth.handler(
          new Request(`${appUrl}/api/auth/verify-password`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              origin: appUrl,
              cookie: requestHeaders.get("cookie") ?? "",
              "x-forwarded-for": requestHeaders.get("x-forwarded-for") ?? "",
            },
            body: JSON.stringify({ password }),
          }),
        );
        return check.status === 429 ? "rateLimited" : check.ok ? "ok" : "wrong";
      },
    });
    await auth.api.signOut({ headers: requestHeaders }).catch(() => undefined);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: errorAnswer(error, { locale, context: "account.delete" }).message };
  }
}
