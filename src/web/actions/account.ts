"use server";

import { headers } from "next/headers";
import { env } from "@/env";
import { getSessionUser } from "@/web/session";
import { markWelcomeShown } from "@/server/accounts/mark-welcome-shown";
import { deleteAccount } from "@/server/accounts/delete-account";
import { getAccountSummary } from "@/server/accounts/get-account-summary";
import { getAuth } from "@/server/auth/auth";

export async function markWelcomeModalShown(): Promise<void> {
  const user = await getSessionUser();
  if (user) await markWelcomeShown({ userId: user.id });
}

export type DeleteAccountResult = { ok: true } | { ok: false; error: "wrongCurrentPassword" | "rateLimited" | "unexpected" | "unauthorized" };

/**
 * Deletes the signed-in account; a password account must re-enter its password first. The password is
 * checked through better-auth's HTTP endpoint, not its direct API, because only requests through the
 * handler pass its rate limiter: a stolen session must not be able to guess the password here.
 */
export async function deleteMyAccount(input: { password?: string }): Promise<DeleteAccountResult> {
  const user = await getSessionUser();
  if (!user) return { ok: false, error: "unauthorized" };
  const auth = await getAuth();
  const requestHeaders = await headers();
  // One rule for "has a password" (getAccountSummary), the same one the profile page shows.
  if ((await getAccountSummary({ userId: user.id }))?.hasPassword) {
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
        body: JSON.stringify({ password: typeof input.password === "string" ? input.password : "" }),
      }),
    );
    if (check.status === 429) return { ok: false, error: "rateLimited" };
    if (!check.ok) return { ok: false, error: "wrongCurrentPassword" };
  }
  await deleteAccount({ userId: user.id });
  await auth.api.signOut({ headers: requestHeaders }).catch(() => undefined);
  return { ok: true };
}
