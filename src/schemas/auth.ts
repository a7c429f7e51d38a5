import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/config/tokens";
import type { Messages } from "@/i18n/catalogs";

// In the browser zod would probe whether it may compile its checks with `new Function`; our script policy
// forbids that, and the refused probe is reported as a policy violation. The forms' schemas are small.
if (typeof window !== "undefined") z.config({ jitless: true });

/**
 * Form schemas shared by the browser (instant field errors) and the server. Messages are keys under
 * `auth.*` in messages/*.json, translated where they are shown.
 */
const email = z.string().trim().min(1, "required").max(EMAIL_MAX_LENGTH, "emailTooLong").email("invalidEmail");

/** Characters as people count them: "🔑" is one, though it takes two UTF-16 units. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * A new password (NIST SP 800-63B): length in code points and nothing else here, no composition rules.
 * The server adds the check against common and breached passwords (src/server/auth/check-new-password.ts),
 * whose answer comes back as this field's error.
 */
export const newPasswordField = z
  .string()
  .min(1, "required")
  .refine((v) => characterCount(v) >= PASSWORD_MIN_LENGTH, "passwordTooShort")
  .refine((v) => characterCount(v) <= PASSWORD_MAX_LENGTH, "passwordTooLong");
const password = newPasswordField;

/** The sign-up form sends no name; the account's display name is the address's local part, cut to fit. */
export function nameFromEmail(address: string): string {
  return Array.from(address.split("@")[0] || address)
    .slice(0, NAME_MAX_LENGTH)
    .join("");
}

export const signInSchema = z.object({ email, password: z.string().min(1, "required") });
export const signUpSchema = z.object({ email, password });
export const resetRequestSchema = z.object({ email });
export const newPasswordSchema = z
  .object({ password, confirm: z.string().min(1, "required") })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "passwordsDontMatch" });
export const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1, "required"), newPassword: password, confirmPassword: z.string().min(1, "required") })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "passwordsDontMatch" });

/** A key under `auth.*` in messages/*.json: the schemas' messages are such keys. */
export type AuthMessageKey = keyof Messages["auth"];

export type FieldErrors = Record<string, AuthMessageKey>;

/** Zod issues as { field: messageKey }, the first issue of each field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    // Every message of these schemas is written as an auth message key (the messages check covers them).
    out[key] ??= issue.message as AuthMessageKey;
  }
  return out;
}
