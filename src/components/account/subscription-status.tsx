import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { formatSubscriptionDate } from "@/web/format-subscription-date";
import { Button } from "@/components/ui/button";
import { pathFor, type Locale } from "@/config/routes";
import type { AccountSummary } from "@/server/accounts/get-account-summary";

/** Subscription state in words; cancel and resume actions join here with billing. */
export async function SubscriptionStatus({ account, locale }: { account: AccountSummary; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "settings" });
  const tAccount = await getTranslations({ locale, namespace: "account" });
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
        <dt className="font-medium">{t("subscription")}</dt>
        <dd>
          {!sub ? t("noSubscription") : sub.active && !sub.cancelled ? tAccount("subscriptionActive", { date }) : tAccount("subscriptionCancelled", { date })}
        </dd>
      </dl>
      {!sub ? (
        <Button asChild className="mt-4" variant="outline">
          <Link href={pathFor("/pricing", locale)}>{t("choosePlan")}</Link>
        </Button>
      ) : null}
    </section>
  );
}
