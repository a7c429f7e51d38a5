"use client";
import { createAuthClient } from "better-auth/react";
import type { AuthMessageKey } from "@/schemas/auth";

/** The browser side of better-auth; talks to /api/auth on the same origin. */
export const authClient = createAuthClient();

/** better-auth error codes → keys under `auth.*` in messages/*.json. */
export function authErrorKey(error: { code?: string; status?: number } | null | undefined): AuthMessageKey {
  switch (error?.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return "wrongCredentials";
    case "EMAIL_NOT_VERIFIED":
      return "unconfirmed";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "emailTaken";
    case "INVALID_EMAIL":
      return "invalidEmail";
    case "PASSWORD_TOO_SHORT":
      return "passwordTooShort";
    case "PASSWORD_TOO_LONG":
      return "passwordTooLong";
    case "PASSWORD_TOO_COMMON":
      return "passwordTooCommon";
    case "EMAIL_TOO_LONG":
      return "emailTooLong";
    case "NAME_TOO_LONG":
      return "nameTooLong";
    case "SIGN_IN_PAUSED":
      return "signInPaused";
    case "INVALID_PASSWORD":
      return "wrongCurrentPassword";
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return "resetLinkInvalid";
  }
  if (error?.status === 429) return "rateLimited";
  return "unexpected";
}

/** Server refusals that belong under a form field rather than above the form. */
export const fieldErrorKeys: Readonly<Record<string, "email" | "password">> = {
  emailTooLong: "email",
  invalidEmail: "email",
  passwordTooShort: "password",
  passwordTooLong: "password",
  passwordTooCommon: "password",
};

/** Seconds to wait from a 429: the standard Retry-After, or the auth library's own X-Retry-After. */
export function retryAfterSeconds(response: Response): number | null {
  const value = Number(response.headers.get("retry-after") ?? response.headers.get("x-retry-after"));
  return Number.isFinite(value) && value > 0 ? value : null;
}
