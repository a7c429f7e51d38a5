"use server";

import { cookies, headers } from "next/headers";
import { z } from "zod";
import { RETURN_TO_COOKIE } from "@/config/cookies";
import { pathFor, safeReturnPath } from "@/config/routes";
import { grantFreeTokens } from "@/server/accounts/grant-free-tokens";
import { setProfileLocale } from "@/server/accounts/set-profile-locale";
import { action } from "./action";

/**
 * The last step of every sign-in (password, e-mail link, Google): remembers the language for e-mails (the
 * `locale` sent), makes sure a confirmed account has its free tokens, and returns where the user wanted to go.
 */
export const finishSignIn = action(
  z.object({}),
  async (_input, { user, locale }) => {
    if (!user) return { target: pathFor("/login", locale) };
    await setProfileLocale({ userId: user.id, locale });
    await grantFreeTokens({ userId: user.id, clientAddress: (await headers()).get("x-forwarded-for") });
    const jar = await cookies();
    const target = safeReturnPath(jar.get(RETURN_TO_COOKIE)?.value) ?? pathFor("/design", locale);
    jar.delete(RETURN_TO_COOKIE);
    return { target };
  },
  { context: "auth.finish", auth: "optional" },
);
