import { useFormatter, useTranslations } from "next-intl";
import { TriangleAlert } from "lucide-react";
import { Link } from "@/components/link";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/forms/form";
import { SubmitButton } from "@/components/forms/submit-button";
import { PageHeader } from "@/components/layout/page-header";
import { formatPrice, isProductId, type Product } from "@/config/plans";
import type { CheckoutView } from "@/server/payments/payment-provider";
import type { SandboxPayment, SandboxSubscription } from "@/server/payments/sandbox-provider";
import { sandboxAction } from "@/web/actions/billing";
import { formatSubscriptionDate } from "@/web/shared/format-subscription-date";

/** An order of the sandbox's checkout; `kind` is null for a product the catalogue no longer has. */
export type SandboxOrder = { id: string; productId: string; kind: Product["kind"] | null; amountGrosze: number; status: CheckoutView["status"] };

export type SandboxDone = "renew" | "failRenewal" | "passPeriodEnd" | "refund";

function ActionButton({ id, action, locale, children, color, amount }: { id: string; action: string; locale: string; children: React.ReactNode; color?: "red" | "gray"; amount?: number }) {
  return (
    <Form action={sandboxAction}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="locale" value={locale} />
      {amount !== undefined ? <input type="hidden" name="amount" value={amount} /> : null}
      <SubmitButton variant={color ? "outline" : "solid"} color={color}>
        {children}
      </SubmitButton>
    </Form>
  );
}

/**
 * The sandbox's checkout and control panel: pay or fail an order, then renew, fail a renewal or let the
 * period pass. Every button produces the events Stripe would send and goes through the same billing code.
 * The page says only what applies: a pack's order is paid once, so its page mentions no renewal and shows
 * no subscriptions; the subscriptions' controls are shown with a subscription's order or without an order.
 * Without an order it also lists the paid packs and periods, to refund in full or in half as an operator would.
 */
export function SandboxCheckout(props: {
  locale: string;
  /** The order in the address (?session_id=): undefined without one, null when it is not this person's. */
  order: SandboxOrder | null | undefined;
  subscriptions: SandboxSubscription[];
  payments: SandboxPayment[];
  error: boolean;
  done: SandboxDone | null;
  pricingHref: string;
}) {
  const t = useTranslations("testSubscriptions");
  const tBilling = useTranslations("billing");
  const format = useFormatter();
  const { order, locale } = props;
  const lead = order === undefined ? "leadSubscriptions" : order?.kind === "pack" ? "leadPack" : order?.kind === "subscription" ? "leadSubscription" : "leadOrder";
  const showSubscriptions = order === undefined || order?.kind === "subscription";
  return (
    <>
      <PageHeader title={t("title")} lead={t(lead)} />
      <p role="note" className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
        <TriangleAlert aria-hidden="true" className="size-6 shrink-0" />
        {t("banner")}
      </p>
      {props.error ? (
        <p role="alert" className="mb-6 rounded-lg bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-200">
          {t("actionFailed")}
        </p>
      ) : null}
      {props.done ? (
        <p role="status" className="mb-6 rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
          {t(`done.${props.done}`)}
        </p>
      ) : null}

      {order !== undefined ? (
        <section aria-labelledby="sandbox-order" className="mb-8 rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
          <h2 id="sandbox-order" className="text-lg font-semibold text-gray-950 dark:text-white">
            {t("orderTitle")}
          </h2>
          {!order ? (
            <p className="mt-2 text-gray-700 dark:text-gray-300">{t("orderNotFound")}</p>
          ) : (
            <>
              <p className="mt-2 text-gray-800 dark:text-gray-200">
                {isProductId(order.productId) ? tBilling(`products.${order.productId}`) : order.productId} · {formatPrice(format, order.amountGrosze)}
                {order.kind === "subscription" ? ` ${t("perMonth")}` : null}
              </p>
              {order.status === "open" ? (
                <div className="mt-4 flex flex-wrap gap-3">
                  <ActionButton id={order.id} action="pay" locale={locale}>
                    {t("pay")}
                  </ActionButton>
                  <ActionButton id={order.id} action="fail" locale={locale} color="red">
                    {t("fail")}
                  </ActionButton>
                </div>
              ) : (
                <p className="mt-2 text-gray-700 dark:text-gray-300">{t(`sessionStatus.${order.status}`)}</p>
              )}
            </>
          )}
        </section>
      ) : null}

      {showSubscriptions ? (
        <section aria-labelledby="sandbox-subscriptions" className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
          <h2 id="sandbox-subscriptions" className="text-lg font-semibold text-gray-950 dark:text-white">
            {t("subscriptionsTitle")}
          </h2>
          {props.subscriptions.length === 0 ? (
            <p className="mt-2 text-gray-700 dark:text-gray-300">{t("noSubscriptions")}</p>
          ) : (
            <ul className="mt-3 space-y-4">
              {props.subscriptions.map((sub) => (
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
      ) : null}
      {order === undefined && props.payments.length > 0 ? (
        <section aria-labelledby="sandbox-refunds" className="mt-8 rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
          <h2 id="sandbox-refunds" className="text-lg font-semibold text-gray-950 dark:text-white">
            {t("refundsTitle")}
          </h2>
          <p className="mt-1 text-gray-700 dark:text-gray-300">{t("refundsLead")}</p>
          <ul className="mt-3 space-y-4">
            {props.payments.map((paid) => {
              const left = paid.amountGrosze - paid.refundedGrosze;
              return (
                <li key={paid.id} className="rounded-xl bg-gray-50 p-4 dark:bg-gray-900">
                  <p className="font-medium text-gray-950 dark:text-white">
                    {tBilling(`products.${paid.productId}`)} · {formatPrice(format, paid.amountGrosze)} · {format.dateTime(paid.paidAt, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Warsaw" })}
                  </p>
                  {paid.refundedGrosze > 0 ? <p className="text-sm text-gray-700 dark:text-gray-300">{t("refunded", { amount: formatPrice(format, paid.refundedGrosze) })}</p> : null}
                  {left > 0 ? (
                    <div className="mt-3 flex flex-wrap gap-3">
                      <ActionButton id={paid.id} action="refund" locale={locale} color="red">
                        {t("refundAll")}
                      </ActionButton>
                      {left > 1 ? (
                        <ActionButton id={paid.id} action="refund" amount={Math.floor(left / 2)} locale={locale} color="gray">
                          {t("refundHalf")}
                        </ActionButton>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <Button asChild variant="link" className="mt-6">
        <Link href={props.pricingHref}>{t("toPricing")}</Link>
      </Button>
    </>
  );
}
