"use client";

import { useRef, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { Form } from "@/components/forms/form";
import { TextField } from "@/components/forms/text-field";
import { fieldErrors, passwordChangeSchema, type FieldErrors } from "@/schemas/auth";
import { authClient, authErrorKey, fieldErrorKeys, retryAfterSeconds } from "@/web/client/auth-client";

export function PasswordChangeForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useTranslations("settings");
  const tAuth = useTranslations("auth");
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries([...new FormData(event.currentTarget).entries()].map(([k, v]) => [k, String(v)]));
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast.add({ title: tAuth("formErrorTitle"), description: tAuth("formErrorText"), color: "error" });
      return;
    }
    setErrors({});
    setPending(true);
    let retryAfter = 60;
    try {
      const { error } = await authClient.changePassword({
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        revokeOtherSessions: true,
        fetchOptions: { onError: ({ response }) => void (retryAfter = retryAfterSeconds(response) ?? retryAfter) },
      });
      if (error) {
        const key = authErrorKey(error);
        if (key === "wrongCurrentPassword" || key === "wrongCredentials") setErrors({ currentPassword: "wrongCurrentPassword" });
        // The server's verdict on the new password (e.g. too common) belongs under that field.
        if (fieldErrorKeys[key] === "password") setErrors({ newPassword: key });
        const description = key === "wrongCredentials" ? "wrongCurrentPassword" : key;
        toast.add({ title: tAuth("profileUpdateError"), description: tAuth(description, { seconds: retryAfter, minutes: Math.ceil(retryAfter / 60) }), color: "error" });
        return;
      }
      formRef.current?.reset();
      toast.add({ title: t("passwordChanged"), color: "success" });
    } catch {
      toast.add({ title: tAuth("profileUpdateError"), description: tAuth("unexpected"), color: "error" });
    } finally {
      setPending(false);
    }
  }

  const err = (field: string) => (errors[field] ? tAuth(errors[field]) : undefined);

  return (
    <section aria-labelledby="password-title" className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
      <h2 id="password-title" className="text-lg font-semibold text-gray-950 dark:text-white">
        {t("passwordTitle")}
      </h2>
      {hasPassword ? (
        <>
          <p className="mt-1 text-gray-700 dark:text-gray-300">{t("passwordLead")}</p>
          <Form ref={formRef} onSubmit={onSubmit} className="mt-4 max-w-md space-y-4">
            <TextField name="currentPassword" type="password" autoComplete="current-password" label={t("currentPassword")} error={err("currentPassword")} required />
            <TextField name="newPassword" type="password" autoComplete="new-password" label={t("newPassword")} hint={tAuth("passwordHint")} error={err("newPassword")} required />
            <TextField name="confirmPassword" type="password" autoComplete="new-password" label={t("confirmPassword")} error={err("confirmPassword")} required />
            <Button type="submit" loading={pending}>
              {t("savePassword")}
            </Button>
          </Form>
        </>
      ) : (
        <p className="mt-1 text-gray-700 dark:text-gray-300">{t("noPasswordAccount")}</p>
      )}
    </section>
  );
}
