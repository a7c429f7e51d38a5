import { Link } from "@/components/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { ChangePlanButton } from "@/components/billing/change-plan-button";
import { signUpHref } from "@/components/auth/login-tab";
import { ClientMessages } from "@/web/server/client-messages";
import { formatPrice, plans, tokenPacks } from "@/config/plans";
import { FREE_TOKENS } from "@/config/tokens";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { getCurrentAccount } from "@/web/server/current-account";
import { accountInView } from "@/web/server/account-in-view";
import { formatSubscriptionDate } from "@/web/shared/format-subscription-date";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "pricing" });
  return pageMetadata({ locale, route: "/pricing", title: t("title"), description: t("lead", { free: FREE_TOKENS }) });
}

function Feature({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex gap-2">
      <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400" />
      {children}
    </li>
  );
}

export default async function PricingPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations("pricing");
  const tBilling = await getTranslations("billing");
  const tAccount = await getTranslations("account");
  const format = await getFormatter();
  const account = await getCurrentAccount();
  const money = (grosze: number) => formatPrice(format, grosze);
  const checkout = (productId: string) => `${pathFor("/checkout", locale)}?product=${productId}`;
  // Working as a team: the team's subscription and pool, and only its owner changes its plan.
  const view = account ? accountInView(account) : null;
  const team = view?.team ?? null;
  const sub = view?.subscription?.active ? view.subscription : null;
  const canChange = !team || team.owner;
  const tokens = view ? tAccount("tokens", { count: view.balance }) : "";
  const note = !view
    ? null
    : team
      ? `${sub ? t("teamSubscriptionNote", { team: team.name, plan: tBilling(`products.${sub.planId}`), date: formatSubscriptionDate(sub.periodEnd), tokens }) : t("teamNote", { team: team.name, tokens })} ${team.owner ? t("teamOwnerHint") : t("teamMemberHint")}`
      : sub
        ? t("activeSubscriptionNote", { plan: tBilling(`products.${sub.planId}`), date: formatSubscriptionDate(sub.periodEnd), tokens })
        : t("signedInNote", { tokens });
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead", { free: FREE_TOKENS })} />
      {note ? (
        <p role="status" className="mb-8 rounded-xl bg-primary-50 p-4 text-gray-900 dark:bg-gray-900 dark:text-gray-100">
          {note}
        </p>
      ) : null}
      <h2 className="sr-only">{t("plansTitle")}</h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {plans.map((plan) => {
          const highlighted = "highlighted" in plan && plan.highlighted;
          const current = sub?.planId === plan.id;
          const name = tBilling(`products.${plan.id}`);
          return (
            <li
              key={plan.id}
              className={`flex flex-col rounded-2xl border p-6 ${highlighted ? "border-primary-600 shadow-lg dark:border-primary-400" : "border-gray-200 dark:border-gray-800"}`}
            >
              {highlighted ? <p className="mb-2 text-sm font-semibold text-primary-700 dark:text-primary-300">{t("recommended")}</p> : null}
              <h3 className="text-xl font-bold text-gray-950 dark:text-white">{name}</h3>
              <p className="mt-1 text-gray-700 dark:text-gray-300">{t(`plans.${plan.id}.description`)}</p>
              <p className="mt-5">
                <span className="text-3xl font-extrabold text-gray-950 dark:text-white">{money(plan.priceGrosze)}</span>{" "}
                <span className="text-gray-700 dark:text-gray-300">{t("perMonth")}</span>
              </p>
              <ul className="mt-5 mb-6 space-y-2 text-gray-800 dark:text-gray-200">
                <Feature>{t("tokensPerMonth", { count: plan.tokensPerMonth })}</Feature>
                <Feature>{t("perVisualization", { price: money(Math.round(plan.priceGrosze / plan.tokensPerMonth)) })}</Feature>
                <Feature>{t("tokensNeverExpire")}</Feature>
                <Feature>{t("cancelAnytime")}</Feature>
              </ul>
              <div className="mt-auto">
                {current ? (
                  <>
                    <p className="rounded-lg bg-gray-100 px-4 py-2 text-center font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100">
                      {sub.nextPlanId ? t("currentPlanUntil", { date: formatSubscriptionDate(sub.periodEnd) }) : t("currentPlan")}
                    </p>
                    {sub.nextPlanId && !sub.cancelled && canChange ? (
                      <div className="mt-3">
                        <ClientMessages namespaces={["billing"]}>
                          <ChangePlanButton planId={plan.id} planName={name} date={formatSubscriptionDate(sub.periodEnd)} keep teamId={team?.id} />
                        </ClientMessages>
                      </div>
                    ) : null}
                  </>
                ) : sub ? (
                  sub.nextPlanId === plan.id ? (
                    <p className="rounded-lg bg-gray-100 px-4 py-2 text-center text-gray-900 dark:bg-gray-800 dark:text-gray-100">
                      {t("nextPlanFrom", { date: formatSubscriptionDate(sub.periodEnd) })}
                    </p>
                  ) : sub.cancelled || !canChange ? null : (
                    <ClientMessages namespaces={["billing"]}>
                      <ChangePlanButton planId={plan.id} planName={name} date={formatSubscriptionDate(sub.periodEnd)} teamId={team?.id} />
                    </ClientMessages>
                  )
                ) : (
                  <Button asChild className="w-full" variant={highlighted ? "solid" : "outline"}>
                    <Link href={checkout(plan.id)} aria-label={t("buyPlan", { plan: name })}>
                      {t("buy")}
                    </Link>
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <section aria-labelledby="packs-title" className="mt-12">
        <h2 id="packs-title" className="text-2xl font-bold text-gray-950 dark:text-white">
          {t("packsTitle")}
        </h2>
        <p className="mt-1 text-gray-700 dark:text-gray-300">{t("packsLead")}</p>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {tokenPacks.map((pack) => {
            const name = tBilling(`products.${pack.id}`);
            return (
              <li key={pack.id} className="flex flex-col gap-4 rounded-2xl border border-gray-200 p-6 sm:flex-row sm:items-center sm:justify-between dark:border-gray-800">
                <div>
                  <h3 className="text-lg font-bold text-gray-950 dark:text-white">{name}</h3>
                  <p className="mt-1 text-gray-800 dark:text-gray-200">
                    <span className="text-2xl font-extrabold text-gray-950 dark:text-white">{money(pack.priceGrosze)}</span>{" "}
                    {t("oneOff")} · {t("perVisualization", { price: money(Math.round(pack.priceGrosze / pack.tokens)) })}
                  </p>
                </div>
                <Button asChild variant="outline">
                  <Link href={checkout(pack.id)} aria-label={t("buyPack", { pack: name })}>
                    {t("buy")}
                  </Link>
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
      <p className="mt-6 text-sm text-gray-700 dark:text-gray-300">{t("grossNote")}</p>
      {!account ? (
        <Button asChild size="lg" className="mt-8">
          <Link href={signUpHref(locale)}>{t("startFree")}</Link>
        </Button>
      ) : null}
    </PageContainer>
  );
}
