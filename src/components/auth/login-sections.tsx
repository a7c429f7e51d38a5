import type { FormEvent, ReactNode, Ref } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { TextField } from "@/components/forms/text-field";
import type { FieldErrors } from "@/schemas/auth";
import type { LoginTab } from "./login-tab";
import { linkLook, TabLink } from "./tab-link";

/** What every panel is given: its messages, a way to the other panels, where its focus starts. */
export interface SectionProps {
  notice: ReactNode;
  tabLink: (to: LoginTab) => { href: string; onSwitch: () => void };
  start: Ref<HTMLElement>;
  pending: boolean;
}

function useFieldError(errors: FieldErrors) {
  const t = useTranslations("auth");
  return (field: string) => (errors[field] ? t(errors[field]) : undefined);
}

function PanelHeading({ id, start, children }: { id: string; start: Ref<HTMLElement>; children: ReactNode }) {
  return (
    <h2 id={id} ref={start as Ref<HTMLHeadingElement>} tabIndex={-1} className="text-xl font-semibold">
      {children}
    </h2>
  );
}

/** After signing up: the confirmation link is on its way (and can be sent again). */
export function SentSection(props: SectionProps & { email: string; onResend: () => void }) {
  const t = useTranslations("auth");
  return (
    <section aria-labelledby="sent-title" className="space-y-4">
      <PanelHeading id="sent-title" start={props.start}>
        {t("checkInbox")}
      </PanelHeading>
      <p className="text-gray-700 dark:text-gray-300">{t("confirmSent", { email: props.email })}</p>
      {props.notice}
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" color="gray" onClick={props.onResend} loading={props.pending}>
          {t("resend")}
        </Button>
        <TabLink {...props.tabLink("signIn")} className={linkLook}>
          {t("backToSignIn")}
        </TabLink>
      </div>
    </section>
  );
}

/** A forgotten password: ask for the link by e-mail ("forgot"), or set a new one with the link's token ("reset"). */
export function PasswordSection(props: SectionProps & { mode: "forgot" | "reset"; errors: FieldErrors; onForgot: (event: FormEvent<HTMLFormElement>) => void; onReset: (event: FormEvent<HTMLFormElement>) => void }) {
  const t = useTranslations("auth");
  const err = useFieldError(props.errors);
  const forgot = props.mode === "forgot";
  return (
    <section aria-labelledby="reset-title" className="space-y-4">
      <PanelHeading id="reset-title" start={props.start}>
        {forgot ? t("resetTitle") : t("newPasswordTitle")}
      </PanelHeading>
      {forgot ? <p className="text-gray-700 dark:text-gray-300">{t("resetLead")}</p> : null}
      {props.notice}
      {forgot ? (
        <Form onSubmit={props.onForgot} className="space-y-4">
          <TextField name="email" type="email" autoComplete="email" label={t("email")} error={err("email")} required />
          <Button type="submit" size="md" loading={props.pending} className="w-full">
            {t("resetSend")}
          </Button>
        </Form>
      ) : (
        <Form onSubmit={props.onReset} className="space-y-4">
          <TextField name="password" type="password" autoComplete="new-password" label={t("password")} hint={t("passwordHint")} error={err("password")} required />
          <TextField name="confirm" type="password" autoComplete="new-password" label={t("confirmPassword")} error={err("confirm")} required />
          <Button type="submit" size="md" loading={props.pending} className="w-full">
            {t("setPassword")}
          </Button>
        </Form>
      )}
      <TabLink {...props.tabLink("signIn")} className={linkLook}>
        {t("backToSignIn")}
      </TabLink>
    </section>
  );
}

/** Sign in or sign up (two tabs over one form), the way to a forgotten password, and Google when configured. */
export function SignInSection(
  props: SectionProps & {
    mode: "signIn" | "signUp";
    errors: FieldErrors;
    email: string;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    google: (() => void) | null;
    termsHref: string;
    privacyHref: string;
  },
) {
  const t = useTranslations("auth");
  const err = useFieldError(props.errors);
  const { mode } = props;
  const signingUp = mode === "signUp";
  const documentLook = "font-medium text-primary-700 underline dark:text-primary-300";
  return (
    <section className="space-y-5">
      <div role="group" aria-label={t("title")} className="grid grid-cols-2 gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800">
        {(["signIn", "signUp"] as const).map((m) => (
          <TabLink
            key={m}
            {...props.tabLink(m)}
            current={mode === m}
            ref={mode === m ? (props.start as Ref<HTMLAnchorElement>) : undefined}
            className="flex min-h-11 items-center justify-center rounded-lg text-sm font-semibold text-gray-700 aria-[current=page]:bg-white aria-[current=page]:text-gray-900 aria-[current=page]:shadow dark:text-gray-300 dark:aria-[current=page]:bg-gray-950 dark:aria-[current=page]:text-white"
          >
            {m === "signIn" ? t("signInTab") : t("signUpTab")}
          </TabLink>
        ))}
      </div>
      {props.notice}
      <Form onSubmit={props.onSubmit} className="space-y-4" key={mode}>
        <TextField name="email" type="email" autoComplete="email" label={t("email")} error={err("email")} required defaultValue={props.email} />
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
                <a className={documentLook} href={props.termsHref}>
                  {chunks}
                </a>
              ),
              privacy: (chunks) => (
                <a className={documentLook} href={props.privacyHref}>
                  {chunks}
                </a>
              ),
            })}
          </p>
        ) : null}
        <Button type="submit" size="md" loading={props.pending} className="w-full">
          {signingUp ? t("signUp") : t("signIn")}
        </Button>
      </Form>
      {!signingUp ? (
        <TabLink {...props.tabLink("forgot")} className={linkLook}>
          {t("forgot")}
        </TabLink>
      ) : null}
      {props.google ? (
        <>
          <p className="text-center text-sm text-gray-600 dark:text-gray-400">{t("or")}</p>
          <Button variant="outline" color="gray" size="md" className="w-full" onClick={props.google} disabled={props.pending}>
            {t("google")}
          </Button>
        </>
      ) : null}
    </section>
  );
}
