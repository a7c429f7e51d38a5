import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { OrderForm } from "@/components/billing/order-form";
import { Link } from "@/components/link";
import { ClientMessages } from "@/web/server/client-messages";
import { extraSeat, findProduct, formatPrice, isProductId, plans, vatOf } from "@/config/plans";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";
import { getCurrentAccount } from "@/web/server/current-account";
import { accountInView } from "@/web/server/account-in-view";
import { configuredPaymentProvider } from "@/server/payments/get-payment-provider";
import { getBillingDetails } from "@/server/invoices/get-billing-details";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "billing" });
  return pageMetadata({ locale, route: "/checkout", title: t("checkout.title"), index: false });
}

/** Our order page before the provider's checkout: what is bought, for how much, and the consumer-law consent. */
export default async function CheckoutPage({ params, searchParams }: LocaleParams & { searchParams: Promise<{ product?: string; cancelled?: string }> }) {
  const locale = await pageLocale(params);
  await requireUser(locale);
  const { product: productId, cancelled } = await searchParams;
  if (!isProductId(productId)) notFound();
  const product = findProduct(productId);
  const account = await getCurrentAccount();
  const t = await getTranslations("billing");
  const tPricing = await getTranslations("pricing");
  const format = await getFormatter();
  const money = (grosze: number) => formatPrice(format, grosze);
  const name = t(`products.${product.id}`);
  // An owner working as the team buys for it: the team's own subscription is the one a second would clash with.
  const view = account ? accountInView(account) : null;
  const forTeam = view?.team?.owner ? view.team : null;
  const current = forTeam ? view?.subscription : account?.subscription;
  const blocked = product.kind === "subscription" && current?.active;
  return (
    <PageContainer narrow>
      <PageHeader title={t("checkout.title")} lead={t("checkout.lead")} />
      {cancelled ? (
        <p role="status" className="mb-6 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t("checkout.cancelled")}
        </p>
      ) : null}
      <section aria-labelledby="order-summary" className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
        <h2 id="order-summary" className="text-lg font-semibold text-gray-950 dark:text-white">
          {t("checkout.summary")}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-gray-800 dark:text-gray-200">
          <dt className="font-medium">{t("checkout.product")}</dt>
          <dd>{name}</dd>
          <dt className="font-medium">{t("checkout.tokens")}</dt>
          <dd>{product.kind === "subscription" ? tPricing("tokensPerMonth", { count: product.tokens }) : t("checkout.tokensOnce", { count: product.tokens })}</dd>
          <dt className="font-medium">{t("checkout.price")}</dt>
          <dd>
            <strong className="text-gray-950 dark:text-white">{money(product.priceGrosze)}</strong>{" "}
            {product.kind === "subscription" ? tPricing("perMonth") : null} · {t("checkout.vat", { vat: money(vatOf(product.priceGrosze)) })}
          </dd>
          <dt className="font-medium">{t("checkout.term")}</dt>
          <dd>{product.kind === "subscription" ? t("checkout.termSubscription") : t("checkout.termPack")}</dd>
        </dl>
      </section>
      {blocked ? (
        <p role="alert" className="mt-6 rounded-lg bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {forTeam ? t("checkout.teamSubscriptionActive", { team: forTeam.name }) : t("checkout.subscriptionActive")}{" "}
          <Link href={pathFor("/pricing", locale)} className="font-semibold underline">
            {t("checkout.toPricing")}
          </Link>
        </p>
      ) : (
        <ClientMessages namespaces={["billing"]}>
          <OrderForm
            productId={product.id}
            locale={locale}
            termsHref={pathFor("/terms", locale)}
            privacyHref={pathFor("/privacy", locale)}
            sandbox={configuredPaymentProvider() === "sandbox"}
            team={forTeam ? { id: forTeam.id, name: forTeam.name } : null}
            extraSeats={product.kind === "subscription" ? { planSeats: plans.find((p) => p.id === product.id)!.seats, price: money(extraSeat.priceGrosze), max: extraSeat.max } : null}
            billing={account ? await getBillingDetails({ userId: account.userId }) : null}
          />
        </ClientMessages>
      )}
    </PageContainer>
  );
}
