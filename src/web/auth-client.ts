"use client";
import { createAuthClient } from "better-auth/react";

/** The browser side of better-auth; talks to /api/auth on the same origin. */
export const authClient = createAuthClient();

/** better-auth error codes → keys under `auth.*` in messages/*.json. */
export function authErrorKey(error: { code?: string; status?: number } | null | undefined): string {
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
    case "INVALID_PASSWORD":
      return "wrongCurrentPassword";
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return "resetLinkInvalid";
  }
  if (error?.status === 429) return "rateLimited";
  return "unexpected";
}
