import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "@/config/tokens";

/**
 * Form schemas shared by the browser (instant field errors) and the server. Messages are keys under
 * `auth.*` in messages/*.json, translated where they are shown.
 */
const email = z.string().trim().min(1, "required").email("invalidEmail");
const password = z.string().min(1, "required").min(PASSWORD_MIN_LENGTH, "passwordTooShort").max(128, "passwordTooLong");

export const signInSchema = z.object({ email, password: z.string().min(1, "required") });
export const signUpSchema = z.object({ email, password });
export const resetRequestSchema = z.object({ email });
export const newPasswordSchema = z
  .object({ password, confirm: z.string().min(1, "required") })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "passwordsDontMatch" });
export const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1, "required"), newPassword: password, confirmPassword: z.string().min(1, "required") })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "passwordsDontMatch" });

export type FieldErrors = Record<string, string>;

/** Zod issues as { field: messageKey }, the first issue of each field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
