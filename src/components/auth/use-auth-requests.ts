import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrors, nameFromEmail, newPasswordSchema, resetRequestSchema, signInSchema, signUpSchema, type AuthMessageKey, type FieldErrors } from "@/schemas/auth";
import { authClient, authErrorKey, fieldErrorKeys, retryAfterSeconds } from "@/web/client/auth-client";

export type Notice = { kind: "error" | "success"; key: AuthMessageKey; values?: Record<string, string | number> };
/** A sign-in refused as unconfirmed, or as a wrong password (which an unconfirmed account also gets, so as not to tell whether an address has an account), offers to send the confirmation link again. */
export type ResendLabel = "resend" | "resendConfirmation";

type AuthCall = (onRetryAfter: (seconds: number) => void) => Promise<{ error: { code?: string; status?: number } | null }>;

function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]));
}

const fetchOptions = (onRetryAfter: (s: number) => void) => ({
  onError: (context: { response: Response }) => {
    const seconds = retryAfterSeconds(context.response);
    if (seconds) onRetryAfter(seconds);
  },
});

/**
 * The login page's calls to better-auth: each form checked first (its fields' errors), then sent; an error
 * (with Retry-After on 429) becomes a translated notice, or the field's error when the server refused a
 * field's value (a common password, an overlong address). Each call says whether it succeeded.
 */
export function useAuthRequests(options: { initialNotice: Notice | null; confirmPath: string; resetRedirect: string; resetToken: string | null; signingIn: boolean; initialEmail?: string }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice | null>(options.initialNotice);
  const [pending, setPending] = useState(false);
  const [email, setEmail] = useState(options.initialEmail ?? "");
  const [resendLabel, setResendLabel] = useState<ResendLabel | null>(null);

  function validate<S extends z.ZodType>(schema: S, event: FormEvent<HTMLFormElement>): z.infer<S> | null {
    event.preventDefault();
    const parsed = schema.safeParse(formValues(event));
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(fieldErrors(parsed.error));
    return null;
  }

  async function run(call: AuthCall) {
    setPending(true);
    setNotice(null);
    let retryAfter = 60;
    try {
      const { error } = await call((seconds) => (retryAfter = seconds));
      if (!error) return true;
      const key = authErrorKey(error);
      const field = fieldErrorKeys[key];
      if (field) {
        setErrors({ [field]: key });
        return false;
      }
      setResendLabel(key === "unconfirmed" ? "resend" : key === "wrongCredentials" && options.signingIn ? "resendConfirmation" : null);
      setNotice({ kind: "error", key, values: { seconds: retryAfter, minutes: Math.ceil(retryAfter / 60) } });
      return false;
    } catch {
      setNotice({ kind: "error", key: "unexpected" });
      return false;
    } finally {
      setPending(false);
    }
  }

  /** Forgets the last form's errors and notice (another panel is shown). */
  function reset() {
    setErrors({});
    setNotice(null);
    setResendLabel(null);
  }

  const { confirmPath } = options;
  return {
    errors,
    notice,
    setNotice,
    pending,
    email,
    resendLabel,
    reset,
    async signIn(event: FormEvent<HTMLFormElement>) {
      const values = validate(signInSchema, event);
      if (!values) return false;
      setEmail(values.email);
      return run((retry) => authClient.signIn.email({ ...values, fetchOptions: fetchOptions(retry) }));
    },
    async signUp(event: FormEvent<HTMLFormElement>) {
      const values = validate(signUpSchema, event);
      if (!values) return false;
      setEmail(values.email);
      return run((retry) => authClient.signUp.email({ ...values, name: nameFromEmail(values.email), callbackURL: confirmPath, fetchOptions: fetchOptions(retry) }));
    },
    async resend() {
      if (await run((retry) => authClient.sendVerificationEmail({ email, callbackURL: confirmPath, fetchOptions: fetchOptions(retry) }))) setNotice({ kind: "success", key: "resent" });
    },
    async forgot(event: FormEvent<HTMLFormElement>) {
      const values = validate(resetRequestSchema, event);
      if (!values) return;
      if (await run((retry) => authClient.requestPasswordReset({ email: values.email, redirectTo: options.resetRedirect, fetchOptions: fetchOptions(retry) }))) setNotice({ kind: "success", key: "resetSent" });
    },
    async newPassword(event: FormEvent<HTMLFormElement>) {
      const values = validate(newPasswordSchema, event);
      const token = options.resetToken;
      if (!values || !token) return false;
      return run((retry) => authClient.resetPassword({ newPassword: values.password, token, fetchOptions: fetchOptions(retry) }));
    },
    async google() {
      await run((retry) => authClient.signIn.social({ provider: "google", callbackURL: confirmPath, fetchOptions: fetchOptions(retry) }));
    },
  };
}

export type AuthRequests = ReturnType<typeof useAuthRequests>;
