"use server";

import { headers } from "next/headers";
import { env } from "@/env";
import { markWelcomeShown } from "@/server/accounts/mark-welcome-shown";
import { z } from "zod";
import { deleteOwnAccount } from "@/server/accounts/delete-own-account";
import { getAuth } from "@/server/auth/auth";
import { action } from "./action";

/** The welcome dialog was seen: it is not shown again (a visitor's call changes nothing). */
export const markWelcomeModalShown = action(
  z.object({}),
  async (_input, { user }) => {
    if (user) await markWelcomeShown({ userId: user.id });
  },
  { context: "account.welcome", auth: "optional" },
);

/** Deletes the signed-in account (the rule is the domain's: src/server/accounts/delete-own-account.ts). */
export const deleteMyAccount = action(
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
