"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { AuthNotice } from "./auth-notice";
import { PasswordSection, SentSection, SignInSection } from "./login-sections";
import { loginTabHref, type LoginTab } from "./login-tab";
import { useAuthRequests } from "./use-auth-requests";

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
  /** The address a team invitation was sent to: the e-mail field starts with it. */
  initialEmail?: string;
};

/** Sign-in and sign-up on one page, with password reset, resend of the confirmation link and Google. */
export function LoginPanel(props: Props) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>(props.resetToken ? "reset" : props.initialTab);
  const auth = useAuthRequests({
    initialNotice: props.initialNotice ? { kind: "error", key: props.initialNotice } : null,
    confirmPath: props.confirmPath,
    resetRedirect: props.resetRedirect,
    resetToken: props.resetToken,
    signingIn: mode === "signIn",
    initialEmail: props.initialEmail,
  });

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
    auth.reset();
  }

  const section = {
    notice: <AuthNotice notice={auth.notice} noticeRef={noticeRef} resendLabel={auth.resendLabel} pending={auth.pending} onResend={auth.resend} />,
    tabLink: (to: LoginTab) => ({ href: loginTabHref(props.loginPath, to), onSwitch: () => switchMode(to) }),
    start: panelStart,
    pending: auth.pending,
  };

  if (mode === "sent") return <SentSection {...section} email={auth.email} onResend={auth.resend} />;

  async function onReset(event: FormEvent<HTMLFormElement>) {
    if (!(await auth.newPassword(event))) return;
    router.replace(props.loginPath);
    setMode("signIn");
    auth.setNotice({ kind: "success", key: "passwordReset" });
  }
  if (mode === "forgot" || mode === "reset") return <PasswordSection {...section} mode={mode} errors={auth.errors} onForgot={auth.forgot} onReset={onReset} />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (mode === "signUp") {
      if (await auth.signUp(event)) setMode("sent");
    } else if (await auth.signIn(event)) router.replace(props.confirmPath);
  }
  return (
    <SignInSection
      {...section}
      mode={mode}
      errors={auth.errors}
      email={auth.email}
      onSubmit={onSubmit}
      google={props.googleEnabled ? auth.google : null}
      termsHref={props.termsHref}
      privacyHref={props.privacyHref}
    />
  );
}
