import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/metadata";
import { pageLocale, type LocaleParams } from "@/web/page-params";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "subscriptionSuccess" });
  return pageMetadata({ locale, route: "/subscription-success", title: t("title"), index: false });
}

// Payments land with the billing issue; until then no request here carries a payment to verify.
export default async function Page({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations("subscriptionSuccess");
  return (
    <PageContainer narrow>
      <PageHeader title={t("title")} lead={t("noPayment")} />
      <Button asChild>
        <Link href={pathFor("/pricing", locale)}>{t("toPricing")}</Link>
      </Button>
    </PageContainer>
  );
}
