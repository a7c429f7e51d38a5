import "server-only";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { env } from "@/env";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SESSION_DAYS } from "@/config/tokens";
import { getDb, type Db } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { log } from "@/server/log";
import { forget, remember } from "@/server/process-singletons";
import { sendTemplateMail } from "@/server/mail/send-template-mail";
import { localeFromCallback } from "./locale-from-callback";
import { pathFor } from "@/config/routes";
import { ensureProfile } from "@/server/accounts/ensure-profile";
import { getProfileLocale } from "@/server/accounts/get-profile-locale";
import { grantFreeTokens } from "@/server/accounts/grant-free-tokens";
import { requestOrigin } from "@/server/http/request-origin";
import { withRetryAfter } from "@/server/http/with-retry-after";
import { checkNewPassword, type PasswordProblem } from "./check-new-password";
import { findOverlongField, type OverlongField } from "./find-overlong-field";
import { claimSignInAttempt } from "./claim-sign-in-attempt";
import { warnOfFailedSignIns } from "./warn-of-failed-sign-ins";
import { clearSignInFailures } from "./clear-sign-in-failures";
import { revokeResetLinks } from "./revoke-reset-links";

const DAY = 60 * 60 * 24;

/** Our refusals in the library's error shape ({ code, message }); the forms translate them by code (src/web/auth-client.ts). */
const refusals: Record<PasswordProblem | OverlongField, { code: string; message: string }> = {
  passwordTooShort: { code: "PASSWORD_TOO_SHORT", message: "Password too short" },
  passwordTooLong: { code: "PASSWORD_TOO_LONG", message: "Password too long" },
  passwordTooCommon: { code: "PASSWORD_TOO_COMMON", message: "Password is too common or easy to guess" },
  emailTooLong: { code: "EMAIL_TOO_LONG", message: "Email is too long" },
  nameTooLong: { code: "NAME_TOO_LONG", message: "Name is too long" },
};
/** Exactly the library's answer to a wrong password, so that an unconfirmed account answers the same. */
const WRONG_CREDENTIALS = { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" };
/** Endpoints that set a password, and the body field that carries it. */
const newPasswordField: Record<string, string> = { "/sign-up/email": "password", "/reset-password": "newPassword", "/change-password": "newPassword" };

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
  const { APP_URL, PORT, appUrl, trustedOrigins, secureCookies, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, RATE_LIMIT_MULTIPLIER } = env();
  // Without APP_URL, a request from another of this machine's addresses (127.0.0.1, the local network) is
  // answered on its own origin: its forms are trusted and its e-mail links lead back to it.
  const originOf = (request: Request | undefined) => requestOrigin({ appUrl: APP_URL, port: PORT, host: request?.headers.get("host") });
  const ownLink = (url: string, request: Request | undefined) => {
    if (APP_URL || !request) return url;
    const link = new URL(url);
    return `${originOf(request)}${link.pathname}${link.search}`;
  };
  const limit = (max: number, window: number) => ({ max: Math.ceil(max * RATE_LIMIT_MULTIPLIER), window });
  const auth = betterAuth({
    appName: "Aranżer",
    baseURL: appUrl,
    secret,
    telemetry: { enabled: false },
    trustedOrigins: APP_URL ? trustedOrigins : (request) => [...trustedOrigins, originOf(request)],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      // The library counts UTF-16 units; our own check (checkNewPassword, before hook) counts code points
      // and runs first, so these only need to let every password it accepts through.
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 2 * PASSWORD_MAX_LENGTH,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => {
        const locale = await getProfileLocale({ userId: user.id });
        await sendTemplateMail({ to: user.email, locale, template: "resetPassword", url: ownLink(url, request) });
      },
      // Sign-up answers the same whether or not the e-mail is taken (no account enumeration); the owner
      // of an existing account learns it from this e-mail instead.
      onExistingUserSignUp: async ({ user }, request) => {
        const locale = await getProfileLocale({ userId: user.id });
        await sendTemplateMail({ to: user.email, locale, template: "accountExists", url: ownLink(`${appUrl}${pathFor("/login", locale)}`, request) });
      },
      onPasswordReset: async ({ user }) => {
        await revokeResetLinks({ userId: user.id, db });
        // The reset link is the owner's way past a sign-in pause, so it ends the pause too.
        await clearSignInFailures({ email: user.email, db });
        const locale = await getProfileLocale({ userId: user.id });
        await sendTemplateMail({ to: user.email, locale, template: "passwordChanged" });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: DAY,
      sendVerificationEmail: async ({ user, url }, request) => {
        const locale = localeFromCallback(new URL(url).searchParams.get("callbackURL")) ?? (await getProfileLocale({ userId: user.id }));
        await sendTemplateMail({ to: user.email, locale, template: "confirmEmail", url: ownLink(url, request) });
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
      // Every signed-in request reads its session: with its user in one statement instead of two.
      database: { joins: true },
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
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as Record<string, unknown>;
        const overlong = findOverlongField(body);
        if (overlong) throw APIError.from("BAD_REQUEST", refusals[overlong]);

        const field = newPasswordField[ctx.path];
        const password = field ? body[field] : undefined;
        if (typeof password === "string") {
          const problem = checkNewPassword({ password, email: await accountEmail(ctx, body) });
          if (problem) throw APIError.from("BAD_REQUEST", refusals[problem]);
        }

        if (ctx.path === "/sign-in/email" && typeof body.email === "string") {
          const email = body.email;
          const claim = await claimSignInAttempt({ email, db });
          if (!claim.allowed) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              { code: "SIGN_IN_PAUSED", message: "Too many failed sign-ins for this account; use a password reset link or try later" },
              { "Retry-After": String(claim.retryAfterSeconds) },
            );
          }
          // The library answers 403 "not verified" only after the right password: after a sign-up with
          // someone else's address, that would tell whether the address already had an account (401).
          // An unconfirmed account answers like a wrong password, after the same hashing work.
          const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
          if (found && !found.user.emailVerified) {
            await ctx.context.password.hash(typeof body.password === "string" ? body.password : "");
            await warnOfFailedSignIns({ email, db });
            throw APIError.from("UNAUTHORIZED", WRONG_CREDENTIALS);
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = isAPIError(returned);
        if (ctx.path === "/sign-in/email") {
          const email = (ctx.body as { email?: unknown } | undefined)?.email;
          // A success has cleared the count already (the session hook below).
          if (typeof email === "string" && failed && (returned.body as { code?: string } | undefined)?.code === WRONG_CREDENTIALS.code) {
            await warnOfFailedSignIns({ email, db });
          }
          return;
        }
        // A changed password is worth an e-mail: it is how an owner learns someone else got in.
        if (ctx.path !== "/change-password" || failed) return;
        const user = ctx.context.session?.user;
        if (!user) return;
        await revokeResetLinks({ userId: user.id, db });
        await clearSignInFailures({ email: user.email, db });
        const locale = await getProfileLocale({ userId: user.id });
        await sendTemplateMail({ to: user.email, locale, template: "passwordChanged", url: ownLink(`${appUrl}${pathFor("/login", locale)}`, ctx.request) });
      }),
    },
    databaseHooks: {
      user: {
        // The product shows no picture of anyone: an `image` from a sign-up body, /update-user or a sign-in
        // provider is not kept (a 2 MB data: URL would otherwise be stored, and exported, as it came).
        create: {
          before: async (user) => ({ data: { ...user, image: null } }),
          after: async (user, context) => {
            const callback = (context?.body as { callbackURL?: string } | undefined)?.callbackURL;
            await ensureProfile({ userId: user.id, locale: localeFromCallback(callback) ?? "pl" });
          },
        },
        update: {
          before: async (data) => ("image" in data ? { data: { ...data, image: null } } : undefined),
        },
      },
      session: {
        create: {
          // The first session of a confirmed user is their first confirmed sign-in: that is when the free tokens come.
          after: async (session) => {
            await grantFreeTokens({ userId: session.userId, clientAddress: session.ipAddress ?? null });
            // Any way in (password, the confirmation link, Google) shows the owner is back: failed password
            // sign-ins are forgotten, and a pause left by them ends.
            await clearSignInFailures({ userId: session.userId, db });
          },
        },
      },
    },
    plugins: [nextCookies()],
  });
  const handler = auth.handler;
  return Object.assign(auth, { handler: async (request: Request) => withRetryAfter(await handler(request)) });
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The address of the account whose password is being set, for the check against passwords derived from it. */
async function accountEmail(ctx: HookContext, body: Record<string, unknown>): Promise<string | null> {
  if (ctx.path === "/sign-up/email") return typeof body.email === "string" ? body.email : null;
  if (ctx.path === "/change-password") return (await getSessionFromCtx(ctx))?.user.email ?? null;
  const token = typeof body.token === "string" ? body.token : (ctx.query as { token?: unknown } | undefined)?.token;
  if (typeof token !== "string" || token === "") return null;
  const link = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!link) return null;
  return (await ctx.context.internalAdapter.findUserById(link.value))?.email ?? null;
}

export type Auth = ReturnType<typeof createAuth>;

export function getAuth(): Promise<Auth> {
  return remember("auth", () =>
    (async () => createAuth(await getDb(), await authSecret()))().catch((error: unknown) => {
      forget("auth");
      throw error;
    }),
  );
}
