"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { Download, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { Form } from "@/components/forms/form";
import { TextField } from "@/components/forms/text-field";
import { deleteMyAccount } from "@/web/actions/account";

/** GDPR: download everything we keep (Art. 15/20) and delete the account (Art. 17). */
export function AccountDataSection({ hasPassword, homeHref }: { hasPassword: boolean; homeHref: string }) {
  const t = useTranslations("settings");
  const tAuth = useTranslations("auth");
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function onDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (hasPassword && !password) {
      setError(tAuth("required"));
      return;
    }
    setPending(true);
    try {
      const result = await deleteMyAccount({ password });
      if (result.ok) {
        // A full load on purpose: nothing of the signed-in state may stay in memory. The home page confirms it.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign(`${homeHref}?account-deleted`);
        return;
      }
      setError(result.error.message);
    } catch {
      setError(tAuth("unexpected"));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <section aria-labelledby="data-title" className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
        <h2 id="data-title" className="text-lg font-semibold text-gray-950 dark:text-white">
          {t("dataTitle")}
        </h2>
        <p className="mt-1 text-gray-700 dark:text-gray-300">{t("dataLead")}</p>
        <Button asChild variant="outline" color="gray" className="mt-4">
          <a href="/api/account/export" download>
            <Download aria-hidden="true" className="size-4" />
            {t("download")}
          </a>
        </Button>
      </section>
      <section aria-labelledby="delete-title" className="rounded-2xl border border-red-200 p-6 dark:border-red-900">
        <h2 id="delete-title" className="text-lg font-semibold text-gray-950 dark:text-white">
          {t("deleteTitle")}
        </h2>
        <p className="mt-1 text-gray-700 dark:text-gray-300">{t("deleteLead")}</p>
        <Button color="red" className="mt-4" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t("deleteButton")}
        </Button>
      </section>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(undefined);
        }}
        title={t("deleteConfirmTitle")}
        description={hasPassword ? t("deleteConfirmText") : t("deleteConfirmTextNoPassword")}
      >
        <Form onSubmit={onDelete} className="space-y-4">
          {hasPassword ? <TextField name="password" type="password" autoComplete="current-password" label={tAuth("password")} error={error} required /> : null}
          {!hasPassword && error ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" color="gray" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {t("deleteConfirm")}
            </Button>
          </div>
        </Form>
      </Modal>
    </>
  );
}
