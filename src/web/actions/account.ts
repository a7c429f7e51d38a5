"use server";

import { headers } from "next/headers";
import { env } from "@/env";
import { getSessionUser } from "@/web/server/session";
import { markWelcomeShown } from "@/server/accounts/mark-welcome-shown";
import { z } from "zod";
import { deleteOwnAccount } from "@/server/accounts/delete-own-account";
import { getAuth } from "@/server/auth/auth";
import { action } from "./action";
import type { ActionResult } from "./action-result";

export async function markWelcomeModalShown(): Promise<void> {
  const user = await getSessionUser();
  if (user) await markWelcomeShown({ userId: user.id });
}

const deleteAccount = action(
  z.object({ password: z.string().catch("") }),
  async (input, { user }) => {
    const auth = await getAuth();
    const requestHeaders = await headers();
    await deleteOwnAccount({
      userId: user.id,
      password: input.password,
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
  },
  { context: "account.delete", auth: "required" },
);

/** Deletes the signed-in account (the rule is the domain's: src/server/accounts/delete-own-account.ts). */
export async function deleteMyAccount(input: { password?: string }): Promise<ActionResult<void>> {
  return deleteAccount(null, input);
}
