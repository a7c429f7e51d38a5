"use client";

import { useTranslations } from "next-intl";
import { manageSubscription } from "@/web/actions/billing";
import { ConfirmAction } from "./confirm-action";

/**
 * Moves the next renewal to another plan, after a confirmation that says when it takes effect; `keep` takes
 * a scheduled change back (the renewal stays on the current plan). With teamId, the team's subscription.
 */
export function ChangePlanButton({ planId, planName, date, keep = false, teamId }: { planId: string; planName: string; date: string; keep?: boolean; teamId?: string }) {
  const t = useTranslations("billing");
  const texts = keep ? "keepPlan" : "changePlan";
  return (
    <ConfirmAction
      className="w-full"
      label={t(`${texts}.button`, { plan: planName })}
      title={t(`${texts}.title`, { plan: planName })}
      description={t(`${texts}.text`, { plan: planName, date })}
      confirmLabel={t(`${texts}.confirm`)}
      failure={t("changePlan.failed")}
      run={() => manageSubscription({ action: "changePlan", planId, teamId })}
    />
  );
}
