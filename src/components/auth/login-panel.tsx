"use client";

import { useEffect, useRef, useState, type FormEvent, type Ref } from "react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { TextField } from "@/components/forms/text-field";
import { fieldErrors, nameFromEmail, newPasswordSchema, resetRequestSchema, signInSchema, signUpSchema, type AuthMessageKey, type FieldErrors } from "@/schemas/auth";
import { loginTabHref, type LoginTab } from "./login-tab";
import { authClient, authErrorKey, fieldErrorKeys, retryAfterSeconds } from "@/web/client/auth-client";

type Mode = "signIn" | "signUp" | "forgot" | "reset" | "sent";

type Props = {
  confirmPath: string;
  loginPath: string;
  /** Where the reset e-mail's link lands: the login page with ?reset, plus the token or an error. */
  resetRedirect: string;
  googleEnabled: boolean;
  resetToken: string | null;
  initialTab: LoginTab;
  initialNotice: "verifyFailed" | "resetLinkInvalid" | null;
  termsHref: string;
  privacyHref: string;
};

/**
 * A switch between panels is a link (?tab=…): before React has hydrated, the browser follows it and the
 * server renders that panel; after, the click switches in place and the address follows.
 */
function TabLink({
  href,
  onSwitch,
  className,
  children,
  current,
  ref,
}: {
  href: string;
  onSwitch: () => void;
  className: string;
  children: React.ReactNode;
  current?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}) {
  return (
    <a
      ref={ref}
      href={href}
      aria-current={current ? "page" : undefined}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onSwitch();
        window.history.replaceState(window.history.state, "", href);
      }}
    >
      {children}
    </a>
  );
}

type Notice = { kind: "error" | "success"; key: AuthMessageKey; values?: Record<string, string | number> };

function formValues(event: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]));
}

/** Sign-in and sign-up on one page, with password reset, resend of the confirmation link and Google. */
export function LoginPanel(props: Props) {
  const t = useTranslations("auth");
  const router = useRouter();
  const [mode, setMode] = useState<Mode>(props.resetToken ? "reset" : props.initialTab);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<Notice | null>(props.initialNotice ? { kind: "error", key: props.initialNotice } : null);
  const [pending, setPending] = useState(false);
  const [email, setEmail] = useState("");
  // A sign-in refused as unconfirmed, or as a wrong password (which an unconfirmed account also gets,
  // so as not to tell whether an address has an account), offers to send the confirmation link again.
  const [resendLabel, setResendLabel] = useState<"resend" | "resendConfirmation" | null>(null);

  // A switch in place replaces the panel, and with it the link or button that had focus. Focus then goes to
  // the new panel's notice, or its heading (or current tab), not back to the page's start.
  const noticeRef = useRef<HTMLDivElement>(null);
  const panelStart = useRef<HTMLElement>(null);
  const shownMode = useRef(mode);
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    if (document.activeElement && document.activeElement !== document.body) return;
    (noticeRef.current ?? panelStart.current)?.focus();
  }, [mode]);

  function switchMode(next: Mode) {
    setMode(next);
    setErrors({});
    setNotice(null);
    setResendLabel(null);
  }

  const tabLink = (to: LoginTab) => ({ href: loginTabHref(props.loginPath, to), onSwitch: () => switchMode(to) });
  const linkLook = "inline-flex min-h-11 items-center text-sm font-semibold text-primary-700 underline-offset-4 hover:underline dark:text-primary-300";

  function validate<S extends z.ZodType>(schema: S, values: Record<string, string>): z.infer<S> | null {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    setErrors(fieldErrors(parsed.error));
    return null;
  }

  /**
   * Runs one better-auth call and turns its error (with Retry-After on 429) into a translated notice, or
   * into the field's error when the server refused a field's value (a common password, an overlong address).
   */
  async function run(call: (onRetryAfter: (seconds: number) => void) => Promise<{ error: { code?: string; status?: number } | null }>) {
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
      setResendLabel(key === "unconfirmed" ? "resend" : key === "wrongCredentials" && mode === "signIn" ? "resendConfirmation" : null);
      setNotice({ kind: "error", key, values: { seconds: retryAfter, minutes: Math.ceil(retryAfter / 60) } });
      return false;
    } catch {
      setNotice({ kind: "error", key: "unexpected" });
      return false;
    } finally {
      setPending(false);
    }
  }

  const fetchOptions = (onRetryAfter: (s: number) => void) => ({
    onError: (context: { response: Response }) => {
      const seconds = retryAfterSeconds(context.response);
      if (seconds) onRetryAfter(seconds);
    },
  });

  async function onSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validate(signInSchema, formValues(event));
    if (!values) return;
    setEmail(values.email);
    const ok = await run((retry) => authClient.signIn.email({ ...values, fetchOptions: fetchOptions(retry) }));
    if (ok) router.replace(props.confirmPath);
  }

  async function onSignUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validate(signUpSchema, formValues(event));
    if (!values) return;
    setEmail(values.email);
    const ok = await run((retry) =>
      authClient.signUp.email({ ...values, name: nameFromEmail(values.email), callbackURL: props.confirmPath, fetchOptions: fetchOptions(retry) }),
    );
    if (ok) setMode("sent");
  }

  async function onResend() {
    const ok = await run((retry) => authClient.sendVerificationEmail({ email, callbackURL: props.confirmPath, fetchOptions: fetchOptions(retry) }));
    if (ok) setNotice({ kind: "success", key: "resent" });
  }

  async function onForgot(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validate(resetRequestSchema, formValues(event));
    if (!values) return;
    const ok = await run((retry) => authClient.requestPasswordReset({ email: values.email, redirectTo: props.resetRedirect, fetchOptions: fetchOptions(retry) }));
    if (ok) setNotice({ kind: "success", key: "resetSent" });
  }

  async function onReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = validate(newPasswordSchema, formValues(event));
    if (!values || !props.resetToken) return;
    const token = props.resetToken;
    const ok = await run((retry) => authClient.resetPassword({ newPassword: values.password, token, fetchOptions: fetchOptions(retry) }));
    if (ok) {
      router.replace(props.loginPath);
      setMode("signIn");
      setNotice({ kind: "success", key: "passwordReset" });
    }
  }

  async function onGoogle() {
    await run((retry) => authClient.signIn.social({ provider: "google", callbackURL: props.confirmPath, fetchOptions: fetchOptions(retry) }));
  }

  const err = (field: string) => (errors[field] ? t(errors[field]) : undefined);

  const noticeContent = (kind: Notice["kind"]) =>
    notice?.kind === kind ? (
      <div
        ref={noticeRef}
        tabIndex={-1}
        className={
          kind === "error"
            ? "rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            : "rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-200"
        }
      >
        <p>{t(notice.key, notice.values)}</p>
        {resendLabel ? (
          <Button className="mt-2" size="xs" variant="outline" color="gray" onClick={onResend} loading={pending}>
            {t(resendLabel)}
          </Button>
        ) : null}
      </div>
    ) : null;
  // Both regions stay in the panel while empty: a live region that appears together with its text is not
  // announced by every screen reader. Empty, they take no room (empty:mb-0 undoes the panel's spacing).
  const noticeBox = (
    <>
      <div role="alert" className="empty:mb-0">
        {noticeContent("error")}
      </div>
      <div role="status" className="empty:mb-0">
        {noticeContent("success")}
      </div>
    </>
  );

  if (mode === "sent") {
    return (
      <section aria-labelledby="sent-title" className="space-y-4">
        <h2 id="sent-title" ref={panelStart as Ref<HTMLHeadingElement>} tabIndex={-1} className="text-xl font-semibold">
          {t("checkInbox")}
        </h2>
        <p className="text-gray-700 dark:text-gray-300">{t("confirmSent", { email })}</p>
        {noticeBox}
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" color="gray" onClick={onResend} loading={pending}>
            {t("resend")}
          </Button>
          <TabLink {...tabLink("signIn")} className={linkLook}>
            {t("backToSignIn")}
          </TabLink>
        </div>
      </section>
    );
  }

  if (mode === "forgot" || mode === "reset") {
    return (
      <section aria-labelledby="reset-title" className="space-y-4">
        <h2 id="reset-title" ref={panelStart as Ref<HTMLHeadingElement>} tabIndex={-1} className="text-xl font-semibold">
          {mode === "forgot" ? t("resetTitle") : t("newPasswordTitle")}
        </h2>
        {mode === "forgot" ? <p className="text-gray-700 dark:text-gray-300">{t("resetLead")}</p> : null}
        {noticeBox}
        {mode === "forgot" ? (
          <Form onSubmit={onForgot} className="space-y-4">
            <TextField name="email" type="email" autoComplete="email" label={t("email")} error={err("email")} required />
            <Button type="submit" size="md" loading={pending} className="w-full">
              {t("resetSend")}
            </Button>
          </Form>
        ) : (
          <Form onSubmit={onReset} className="space-y-4">
            <TextField name="password" type="password" autoComplete="new-password" label={t("password")} hint={t("passwordHint")} error={err("password")} required />
            <TextField name="confirm" type="password" autoComplete="new-password" label={t("confirmPassword")} error={err("confirm")} required />
            <Button type="submit" size="md" loading={pending} className="w-full">
              {t("setPassword")}
            </Button>
          </Form>
        )}
        <TabLink {...tabLink("signIn")} className={linkLook}>
          {t("backToSignIn")}
        </TabLink>
      </section>
    );
  }

  const signingUp = mode === "signUp";
  return (
    <section className="space-y-5">
      <div role="group" aria-label={t("title")} className="grid grid-cols-2 gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800">
        {(["signIn", "signUp"] as const).map((m) => (
          <TabLink
            key={m}
            {...tabLink(m)}
            current={mode === m}
            ref={mode === m ? (panelStart as Ref<HTMLAnchorElement>) : undefined}
            className="flex min-h-11 items-center justify-center rounded-lg text-sm font-semibold text-gray-700 aria-[current=page]:bg-white aria-[current=page]:text-gray-900 aria-[current=page]:shadow dark:text-gray-300 dark:aria-[current=page]:bg-gray-950 dark:aria-[current=page]:text-white"
          >
            {m === "signIn" ? t("signInTab") : t("signUpTab")}
          </TabLink>
        ))}
      </div>
      {noticeBox}
      <Form onSubmit={signingUp ? onSignUp : onSignIn} className="space-y-4" key={mode}>
        <TextField name="email" type="email" autoComplete="email" label={t("email")} error={err("email")} required defaultValue={email} />
        <TextField
          name="password"
          type="password"
          autoComplete={signingUp ? "new-password" : "current-password"}
          label={t("password")}
          hint={signingUp ? t("passwordHint") : undefined}
          error={err("password")}
          required
        />
        {signingUp ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {t.rich("termsNote", {
              terms: (chunks) => (
                <a className="font-medium text-primary-700 underline dark:text-primary-300" href={props.termsHref}>
                  {chunks}
                </a>
              ),
              privacy: (chunks) => (
                <a className="font-medium text-primary-700 underline dark:text-primary-300" href={props.privacyHref}>
                  {chunks}
                </a>
              ),
            })}
          </p>
        ) : null}
        <Button type="submit" size="md" loading={pending} className="w-full">
          {signingUp ? t("signUp") : t("signIn")}
        </Button>
      </Form>
      {!signingUp ? (
        <TabLink {...tabLink("forgot")} className={linkLook}>
          {t("forgot")}
        </TabLink>
      ) : null}
      {props.googleEnabled ? (
        <>
          <p className="text-center text-sm text-gray-600 dark:text-gray-400">{t("or")}</p>
          <Button variant="outline" color="gray" size="md" className="w-full" onClick={onGoogle} disabled={pending}>
            {t("google")}
          </Button>
        </>
      ) : null}
    </section>
  );
}
