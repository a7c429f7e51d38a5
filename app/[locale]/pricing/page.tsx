import { Link } from "@/components/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { plans } from "@/config/plans";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/metadata";
import { pageLocale, type LocaleParams } from "@/web/page-params";
import { getCurrentAccount } from "@/web/current-account";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "pricing" });
  return pageMetadata({ locale, route: "/pricing", title: t("title"), description: t("lead") });
}

export default async function PricingPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations("pricing");
  const tAccount = await getTranslations("account");
  const format = await getFormatter();
  const account = await getCurrentAccount();
  const money = (grosze: number) => format.number(grosze / 100, { style: "currency", currency: "PLN" });
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      {account ? (
        <p role="status" className="mb-8 rounded-xl bg-primary-50 p-4 text-gray-900 dark:bg-gray-900 dark:text-gray-100">
          {t("signedInNote", { tokens: tAccount("tokens", { count: account.balance }) })}
        </p>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-3">
        {plans.map((plan) => {
          const highlighted = "highlighted" in plan && plan.highlighted;
          return (
            <li
              key={plan.id}
              className={`flex flex-col rounded-2xl border p-6 ${highlighted ? "border-primary-600 shadow-lg dark:border-primary-400" : "border-gray-200 dark:border-gray-800"}`}
            >
              {highlighted ? <p className="mb-2 text-sm font-semibold text-primary-700 dark:text-primary-300">{t("recommended")}</p> : null}
              <h2 className="text-xl font-bold text-gray-950 dark:text-white">{t(`plans.${plan.id}.name`)}</h2>
              <p className="mt-1 text-gray-700 dark:text-gray-300">{t(`plans.${plan.id}.description`)}</p>
              <p className="mt-5">
                <span className="text-3xl font-extrabold text-gray-950 dark:text-white">{money(plan.priceGrosze)}</span>{" "}
                <span className="text-gray-700 dark:text-gray-300">{t("perMonth")}</span>
              </p>
              <ul className="mt-5 space-y-2 text-gray-800 dark:text-gray-200">
                <li className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400" />
                  {t("tokensPerMonth", { count: plan.tokensPerMonth })}
                </li>
                <li className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400" />
                  {t("perVisualization", { price: money(Math.round(plan.priceGrosze / plan.tokensPerMonth)) })}
                </li>
                <li className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400" />
                  {t("tokensNeverExpire")}
                </li>
              </ul>
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-sm text-gray-700 dark:text-gray-300">{t("grossNote")}</p>
      {!account ? (
        <Button asChild size="lg" className="mt-8">
          <Link href={pathFor("/login", locale)}>{t("startFree")}</Link>
        </Button>
      ) : null}
    </PageContainer>
  );
}
