import "server-only";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { env } from "@/env";
import { PASSWORD_MIN_LENGTH, SESSION_DAYS } from "@/config/tokens";
import { getDb, type Db } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { log } from "@/server/log";
import { sendTemplateMail } from "@/server/mail/send-template-mail";
import { localeFromCallback } from "./locale-from-callback";
import { pathFor } from "@/config/routes";
import { ensureProfile } from "@/server/accounts/ensure-profile";
import { getProfileLocale } from "@/server/accounts/get-profile-locale";
import { grantFreeTokens } from "@/server/accounts/grant-free-tokens";

const DAY = 60 * 60 * 24;

/** With nothing configured, a random secret is made once and kept under DATA_DIR, so sessions survive restarts. */
async function authSecret(): Promise<string> {
  const { AUTH_SECRET, DATA_DIR, NODE_ENV } = env();
  if (AUTH_SECRET) return AUTH_SECRET;
  const file = path.resolve(DATA_DIR, "auth-secret");
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    if (NODE_ENV === "production") log.warn("auth.secret_generated", { file, hint: "set AUTH_SECRET when running more than one instance" });
    return secret;
  }
}

/** Exported for tests that run several instances against one database; the app uses getAuth(). */
export function createAuth(db: Db, secret: string) {
  const { appUrl, trustedOrigins, secureCookies, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, RATE_LIMIT_MULTIPLIER } = env();
  const limit = (max: number, window: number) => ({ max: Math.ceil(max * RATE_LIMIT_MULTIPLIER), window });
  return betterAuth({
    appName: "Aranżer",
    baseURL: appUrl,
    secret,
    telemetry: { enabled: false },
    trustedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        const locale = await getProfileLocale({ userId: user.id });
        await sendTemplateMail({ to: user.email, locale, template: "resetPassword", url });
      },
      // Sign-up answers the same whether or not the e-mail is taken (no account enumeration); the owner
      // of an existing account learns it from this e-mail instead.
      onExistingUserSignUp: async ({ user }) => {
        const locale = await getProfileLocale({ userId: user.id });
        await sendTemplateMail({ to: user.email, locale, template: "accountExists", url: `${appUrl}${pathFor("/login", locale)}` });
      },
      onPasswordReset: async ({ user }) => {
        const locale = await getProfileLocale({ userId: user.id });
        await sendTemplateMail({ to: user.email, locale, template: "passwordChanged" });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }) => {
        const locale = localeFromCallback(new URL(url).searchParams.get("callbackURL")) ?? (await getProfileLocale({ userId: user.id }));
        await sendTemplateMail({ to: user.email, locale, template: "confirmEmail", url });
      },
    },
    socialProviders:
      GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET
        ? { google: { clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET, prompt: "select_account" } }
        : {},
    session: {
      expiresIn: SESSION_DAYS * DAY,
      // Rolling: any use after a day pushes the expiry another 400 days out.
      updateAge: DAY,
    },
    advanced: {
      cookiePrefix: "aranzer",
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: secureCookies },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      ...limit(100, 60),
      customRules: {
        "/sign-in/email": limit(5, 60),
        "/sign-up/email": limit(5, 600),
        "/request-password-reset": limit(3, 600),
        "/send-verification-email": limit(3, 600),
        "/change-password": limit(5, 600),
        "/verify-password": limit(5, 600),
      },
    },
    hooks: {
      // A changed password is worth an e-mail: it is how an owner learns someone else got in.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/change-password" || ctx.context.returned instanceof APIError) return;
        const user = ctx.context.session?.user;
        if (!user) return;
        const locale = await getProfileLocale({ userId: user.id });
        await sendTemplateMail({ to: user.email, locale, template: "passwordChanged", url: `${appUrl}${pathFor("/login", locale)}` });
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user, context) => {
            const callback = (context?.body as { callbackURL?: string } | undefined)?.callbackURL;
            await ensureProfile({ userId: user.id, locale: localeFromCallback(callback) ?? "pl" });
          },
        },
      },
      session: {
        create: {
          // The first session of a confirmed user is their first confirmed sign-in: that is when the free tokens come.
          after: async (session) => {
            await grantFreeTokens({ userId: session.userId });
          },
        },
      },
    },
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { __aranzerAuth?: Promise<Auth> };

export function getAuth(): Promise<Auth> {
  holder.__aranzerAuth ??= (async () => createAuth(await getDb(), await authSecret()))().catch((error: unknown) => {
    holder.__aranzerAuth = undefined;
    throw error;
  });
  return holder.__aranzerAuth;
}
