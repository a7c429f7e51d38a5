import { getFormatter, getTranslations } from "next-intl/server";
import { billingContext } from "@/server/billing/billing-context";
import { TriangleAlert } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { pathFor } from "@/config/routes";
import { findProduct, formatPrice, isProductId } from "@/config/plans";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";
import { sandboxAction } from "@/web/actions/billing";
import { notFound } from "next/navigation";
import { configuredPaymentProvider } from "@/server/payments/get-payment-provider";
import { sandboxTester } from "@/server/payments/sandbox-provider";
import { formatSubscriptionDate } from "@/web/shared/format-subscription-date";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "testSubscriptions" });
  return pageMetadata({ locale, route: "/test-subscriptions", title: t("title"), index: false });
}

function ActionButton({ id, action, locale, children, color }: { id: string; action: string; locale: string; children: React.ReactNode; color?: "red" | "gray" }) {
  return (
    <Form action={sandboxAction}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="locale" value={locale} />
      <Button type="submit" variant={color ? "outline" : "solid"} color={color}>
        {children}
      </Button>
    </Form>
  );
}

/**
 * The sandbox's checkout and control panel: pay or fail an order, then renew, fail a renewal or let the
 * period pass. Every button produces the events Stripe would send and goes through the same billing code.
 */
export default async function TestSubscriptionsPage({ params, searchParams }: LocaleParams & { searchParams: Promise<{ session_id?: string; error?: string; done?: string }> }) {
  const locale = await pageLocale(params);
  // The test checkout exists only while the sandbox takes the payments.
  if (configuredPaymentProvider() !== "sandbox") notFound();
  const user = await requireUser(locale);
  const t = await getTranslations("testSubscriptions");
  const tBilling = await getTranslations("billing");
  const format = await getFormatter();
  const { session_id: sessionId, error, done } = await searchParams;
  const tester = sandboxTester((await billingContext()).db, { configuredProvider: "sandbox" });
  const session = sessionId ? await tester.session(user.id, sessionId) : null;
  const subscriptions = (await tester.subscriptions(user.id)).filter((s) => s.status !== "canceled");
  const money = (grosze: number) => formatPrice(format, grosze);
  return (
    <PageContainer narrow>
      <PageHeader title={t("title")} lead={t("lead")} />
      <p role="note" className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
        <TriangleAlert aria-hidden="true" className="size-6 shrink-0" />
        {t("banner")}
      </p>
      {error ? (
        <p role="alert" className="mb-6 rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200">
          {t("actionFailed")}
        </p>
      ) : null}

      {done === "renew" || done === "failRenewal" || done === "passPeriodEnd" ? (
        <p role="status" className="mb-6 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {t(`done.${done}`)}
        </p>
      ) : null}
      {sessionId ? (
        <section aria-labelledby="sandbox-order" className="mb-8 rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
          <h2 id="sandbox-order" className="text-lg font-semibold text-gray-950 dark:text-white">
            {t("orderTitle")}
          </h2>
          {!session ? (
            <p className="mt-2 text-gray-700 dark:text-gray-300">{t("orderNotFound")}</p>
          ) : (
            <>
              <p className="mt-2 text-gray-800 dark:text-gray-200">
                {isProductId(session.productId) ? tBilling(`products.${session.productId}`) : session.productId} · {money(session.amountGrosze)}
                {isProductId(session.productId) && findProduct(session.productId).kind === "subscription" ? ` ${t("perMonth")}` : null}
              </p>
              {session.status === "open" ? (
                <div className="mt-4 flex flex-wrap gap-3">
                  <ActionButton id={session.id} action="pay" locale={locale}>
                    {t("pay")}
                  </ActionButton>
                  <ActionButton id={session.id} action="fail" locale={locale} color="red">
                    {t("fail")}
                  </ActionButton>
                </div>
              ) : (
                <p className="mt-2 text-gray-700 dark:text-gray-300">{t(`sessionStatus.${session.status}`)}</p>
              )}
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="sandbox-subscriptions" className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
        <h2 id="sandbox-subscriptions" className="text-lg font-semibold text-gray-950 dark:text-white">
          {t("subscriptionsTitle")}
        </h2>
        {subscriptions.length === 0 ? (
          <p className="mt-2 text-gray-700 dark:text-gray-300">{t("noSubscriptions")}</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {subscriptions.map((sub) => (
              <li key={sub.id} className="rounded-xl bg-gray-50 p-4 dark:bg-gray-900">
                <p className="font-medium text-gray-950 dark:text-white">
                  {tBilling(`products.${sub.planId}`)} · {t(`subscriptionStatus.${sub.cancelAtPeriodEnd ? "cancelPending" : sub.status}`)}
                </p>
                <p className="text-sm text-gray-700 dark:text-gray-300">{t("periodEnd", { date: formatSubscriptionDate(sub.currentPeriodEnd) })}</p>
                <div className="mt-3 flex flex-wrap gap-3">
                  {!sub.cancelAtPeriodEnd ? (
                    <>
                      <ActionButton id={sub.id} action="renew" locale={locale}>
                        {sub.hasFailedInvoice ? t("retryRenewal") : t("renew")}
                      </ActionButton>
                      {!sub.hasFailedInvoice ? (
                        <ActionButton id={sub.id} action="failRenewal" locale={locale} color="red">
                          {t("failRenewal")}
                        </ActionButton>
                      ) : null}
                    </>
                  ) : null}
                  <ActionButton id={sub.id} action="passPeriodEnd" locale={locale} color="gray">
                    {t("passPeriodEnd")}
                  </ActionButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Button asChild variant="link" className="mt-6">
        <Link href={pathFor("/pricing", locale)}>{t("toPricing")}</Link>
      </Button>
    </PageContainer>
  );
}
