import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { formatSubscriptionDate } from "@/web/shared/format-subscription-date";
import { Button } from "@/components/ui/button";
import { SubscriptionActions } from "@/components/billing/subscription-actions";
import { ClientMessages } from "@/web/server/client-messages";
import { pathFor, type Locale } from "@/config/routes";
import type { AccountSummary } from "@/server/accounts/get-account-summary";
import { subscriptionStatusKey } from "@/web/shared/subscription-status-key";

/** Subscription state in words, with cancel or resume while the paid period lasts. */
export async function SubscriptionStatus({ account, locale }: { account: AccountSummary; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "settings" });
  const tAccount = await getTranslations({ locale, namespace: "account" });
  const tBilling = await getTranslations({ locale, namespace: "billing" });
  const sub = account.subscription;
  const date = sub ? formatSubscriptionDate(sub.periodEnd) : "";
  return (
    <section aria-labelledby="subscription-title" className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
      <h2 id="subscription-title" className="text-lg font-semibold text-gray-950 dark:text-white">
        {t("subscription")}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-gray-800 dark:text-gray-200">
        <dt className="font-medium">{t("email")}</dt>
        <dd className="break-all">{account.email ?? tAccount("unknownUser")}</dd>
        <dt className="font-medium">{t("balance")}</dt>
        <dd>{tAccount("tokens", { count: account.balance })}</dd>
        {sub ? (
          <>
            <dt className="font-medium">{t("plan")}</dt>
            <dd>
              {tBilling(`products.${sub.planId}`)}
              {sub.nextPlanId && sub.active ? ` · ${tBilling("nextPlan", { plan: tBilling(`products.${sub.nextPlanId}`), date })}` : null}
            </dd>
          </>
        ) : null}
        <dt className="font-medium">{t("status")}</dt>
        <dd data-testid="subscription-status">
          {sub ? tAccount(subscriptionStatusKey(sub), { date }) : t("noSubscription")}
        </dd>
      </dl>
      {sub?.active && sub.pastDue ? (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {tBilling("pastDue", { date })}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {sub?.active ? (
          <ClientMessages namespaces={["billing"]}>
            <SubscriptionActions cancelled={sub.cancelled} date={date} />
          </ClientMessages>
        ) : null}
        {!sub?.active ? (
          <Button asChild variant="outline">
            <Link href={pathFor("/pricing", locale)}>{t("choosePlan")}</Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
