"use client";

import { useTranslations } from "next-intl";
import { changeMyPlan } from "@/web/actions/billing";
import { ConfirmAction } from "./confirm-action";

/** Moves the next renewal to another plan, after a confirmation that says when it takes effect. */
export function ChangePlanButton({ planId, planName, date }: { planId: string; planName: string; date: string }) {
  const t = useTranslations("billing");
  return (
    <ConfirmAction
      className="w-full"
      label={t("changePlan.button", { plan: planName })}
      title={t("changePlan.title", { plan: planName })}
      description={t("changePlan.text", { plan: planName, date })}
      confirmLabel={t("changePlan.confirm")}
      failure={t("changePlan.failed")}
      run={() => changeMyPlan(planId)}
    />
  );
}
