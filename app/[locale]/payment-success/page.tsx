import { getTranslations } from "next-intl/server";
import { CheckoutResultPage } from "@/components/billing/checkout-result-page";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "paymentSuccess" });
  return pageMetadata({ locale, route: "/payment-success", title: t("title"), index: false });
}

export default async function Page({ params, searchParams }: LocaleParams & { searchParams: Promise<{ session_id?: string }> }) {
  const locale = await pageLocale(params);
  const { session_id: sessionId } = await searchParams;
  return <CheckoutResultPage locale={locale} sessionId={typeof sessionId === "string" ? sessionId : undefined} namespace="paymentSuccess" />;
}
