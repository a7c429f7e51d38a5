import { getFormatter, getTranslations } from "next-intl/server";
import { BillingPortalButton } from "@/components/billing/billing-portal-button";
import { ChangePlanButton } from "@/components/billing/change-plan-button";
import { SubscriptionActions } from "@/components/billing/subscription-actions";
import { ActionForm } from "@/components/teams/action-form";
import { extraSeat, formatPrice, plans } from "@/config/plans";
import type { Locale } from "@/config/routes";
import type { SubscriptionState } from "@/server/billing/subscription-state";
import { changeTeamSeats } from "@/web/actions/billing";
import { ClientMessages } from "@/web/server/client-messages";
import { formatSubscriptionDate } from "@/web/shared/format-subscription-date";
import { subscriptionStatusKey } from "@/web/shared/subscription-status-key";

const input =
  "block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 shadow-sm focus:border-primary-600 focus:outline-2 focus:outline-primary-600 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100";
const section = "rounded-2xl border border-gray-200 p-4 sm:p-6 dark:border-gray-800";
const heading = "text-lg font-semibold text-gray-950 dark:text-white";

/** The team's subscription, for its owner: its plan and state, extra seats, cancel/resume, plan changes and the provider's portal. */
export async function TeamSubscriptionSection({ sub, teamId, extraSeats, locale }: { sub: SubscriptionState | null; teamId: string; extraSeats: number; locale: Locale }) {
  const t = await getTranslations("teams");
  const tAccount = await getTranslations("account");
  const tBilling = await getTranslations("billing");
  const format = await getFormatter();
  const subDate = sub ? formatSubscriptionDate(sub.periodEnd) : "";
  const hidden = (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="teamId" value={teamId} />
    </>
  );
  return (
        <section aria-labelledby="team-subscription" className={section}>
          <h2 id="team-subscription" className={heading}>{t("subscriptionTitle")}</h2>
          {sub ? (
            <>
              <p className="mt-2 text-gray-800 dark:text-gray-200">
                {tBilling(`products.${sub.planId}`)}
                {sub.nextPlanId && sub.active ? ` · ${tBilling("nextPlan", { plan: tBilling(`products.${sub.nextPlanId}`), date: subDate })}` : null} ·{" "}
                <span data-testid="team-subscription-status">{tAccount(subscriptionStatusKey(sub), { date: subDate })}</span>
              </p>
              {sub.active && sub.pastDue ? (
                <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                  {tBilling("pastDue", { date: subDate })}
                </p>
              ) : null}
            </>
          ) : (
            <p className="mt-2 text-gray-700 dark:text-gray-300">{t("subscriptionNone")}</p>
          )}
          {sub?.active && !sub.cancelled ? (
            <ActionForm action={changeTeamSeats} submit={t("saveSeats")} done={t("seatsSaved")} variant="outline" className="mt-4 flex flex-wrap items-end gap-3">
              {hidden}
              <label>
                <span className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">{t("extraSeatsLabel")}</span>
                <input name="extraSeats" type="number" inputMode="numeric" min={0} max={extraSeat.max} step={1} defaultValue={extraSeats} aria-describedby="extra-seats-hint" className={`${input} w-32`} />
              </label>
              <p id="extra-seats-hint" className="basis-full text-sm text-gray-700 dark:text-gray-300">
                {t("extraSeatsHint", { price: formatPrice(format, extraSeat.priceGrosze) })}
              </p>
            </ActionForm>
          ) : null}
          <div className="mt-4 flex flex-wrap items-start gap-3">
            {sub?.active ? (
              <ClientMessages namespaces={["billing"]}>
                <SubscriptionActions cancelled={sub.cancelled} date={subDate} teamId={teamId} />
                {!sub.cancelled
                  ? plans
                      .filter((plan) => plan.id !== (sub.nextPlanId ?? sub.planId))
                      .map((plan) => (
                        <div key={plan.id}>
                          <ChangePlanButton planId={plan.id} planName={tBilling(`products.${plan.id}`)} date={subDate} teamId={teamId} keep={plan.id === sub.planId} />
                        </div>
                      ))
                  : null}
              </ClientMessages>
            ) : null}
            {sub?.customerId && sub.provider === "stripe" ? (
              <BillingPortalButton locale={locale} teamId={teamId} />
            ) : null}
          </div>
        </section>
  );
}
