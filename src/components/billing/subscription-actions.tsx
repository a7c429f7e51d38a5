"use client";

import { useTranslations } from "next-intl";
import { manageSubscription } from "@/web/actions/billing";
import { ConfirmAction } from "./confirm-action";

/** Cancel (at period end) or resume, each behind a confirmation modal, each with its own failure text; with teamId the team's. */
export function SubscriptionActions({ cancelled, date, teamId }: { cancelled: boolean; date: string; teamId?: string }) {
  const t = useTranslations("billing");
  return cancelled ? (
    <ConfirmAction
      label={t("resume.button")}
      title={t("resume.title")}
      description={t("resume.text", { date })}
      confirmLabel={t("resume.confirm")}
      failure={t("resume.failed")}
      run={() => manageSubscription({ action: "resume", teamId })}
      variant="solid"
    />
  ) : (
    <ConfirmAction
      label={t("cancel.button")}
      title={t("cancel.title")}
      description={t("cancel.text", { date })}
      confirmLabel={t("cancel.confirm")}
      failure={t("cancel.failed")}
      run={() => manageSubscription({ action: "cancel", teamId })}
      color="red"
    />
  );
}
