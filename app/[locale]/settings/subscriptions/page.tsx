import { getFormatter, getTranslations } from "next-intl/server";
import { billingContext } from "@/server/billing/billing-context";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { SubscriptionStatus } from "@/components/account/subscription-status";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/link";
import { formatPrice } from "@/config/plans";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";
import { BillingPortalButton } from "@/components/billing/billing-portal-button";
import { getAccountSummary } from "@/server/accounts/get-account-summary";
import { listPayments } from "@/server/billing/list-payments";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "settings" });
  return pageMetadata({ locale, route: "/settings/subscriptions", title: t("subscriptionsTitle"), index: false });
}

export default async function SubscriptionsPage({ params, searchParams }: LocaleParams & { searchParams: Promise<{ portal?: string }> }) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const account = await getAccountSummary({ userId: user.id });
  if (!account) redirect(pathFor("/login", locale));
  const t = await getTranslations("settings");
  const tBilling = await getTranslations("billing");
  const format = await getFormatter();
  const payments = await listPayments((await billingContext()).db, user.id);
  const { portal } = await searchParams;
  const sub = account.subscription;
  return (
    <div className="space-y-8">
      <PageHeader title={t("subscriptionsTitle")} />
      <SubscriptionStatus account={account} locale={locale} />
      <section aria-labelledby="billing-more-title" className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
        <h2 id="billing-more-title" className="text-lg font-semibold text-gray-950 dark:text-white">
          {tBilling("manageTitle")}
        </h2>
        <p className="mt-1 text-gray-700 dark:text-gray-300">{sub?.active ? tBilling("manageLead") : tBilling("manageLeadNoSubscription")}</p>
        {portal === "unavailable" ? (
          <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {tBilling("portalUnavailable")}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link href={pathFor("/pricing", locale)}>{sub?.active ? tBilling("changePlanLink") : tBilling("buyTokensLink")}</Link>
          </Button>
          {sub?.customerId && sub.provider === "stripe" ? (
            <BillingPortalButton locale={locale} />
          ) : null}
        </div>
      </section>
      <section aria-labelledby="payments-title" className="rounded-2xl border border-gray-200 p-4 sm:p-6 dark:border-gray-800">
        <h2 id="payments-title" className="text-lg font-semibold text-gray-950 dark:text-white">
          {tBilling("historyTitle")}
        </h2>
        {payments.length === 0 ? (
          <p className="mt-2 text-gray-700 dark:text-gray-300">{tBilling("historyEmpty")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm text-gray-800 dark:text-gray-200">
              <thead>
                <tr className="border-b border-gray-200 dark:border-gray-800">
                  <th scope="col" className="py-2 pr-4 font-semibold">{tBilling("history.date")}</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">{tBilling("history.item")}</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">{tBilling("history.amount")}</th>
                  {/* On a phone the status goes under the item, so that nothing is cut off at the right edge. */}
                  <th scope="col" className="hidden py-2 font-semibold sm:table-cell">{tBilling("history.status")}</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((p) => {
                  const status =
                    p.status === "paid" && p.refundedGrosze > 0
                      ? p.refundedGrosze >= p.amountGrosze
                        ? tBilling("history.refunded")
                        : tBilling("history.partlyRefunded", { amount: formatPrice(format, p.refundedGrosze) })
                      : tBilling(`history.${p.status}`);
                  return (
                    <tr key={p.id} className="border-b border-gray-100 dark:border-gray-900">
                      <td className="py-2 pr-4 whitespace-nowrap">{format.dateTime(p.createdAt, { dateStyle: "medium", timeZone: "Europe/Warsaw" })}</td>
                      <td className="py-2 pr-4">
                        {tBilling(`history.kind.${p.kind}`, { product: tBilling(`products.${p.productId as "mini"}`) })}
                        {p.status === "paid" && p.tokens > 0 ? ` · +${p.tokens}` : null}
                        <span className="block text-gray-700 sm:hidden dark:text-gray-300">{status}</span>
                      </td>
                      <td className="py-2 pr-4 whitespace-nowrap">{formatPrice(format, p.amountGrosze)}</td>
                      <td className="hidden py-2 sm:table-cell">{status}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
