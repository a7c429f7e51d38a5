import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/metadata";
import { pageLocale, type LocaleParams } from "@/web/page-params";
import { requireUser } from "@/web/session";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "testSubscriptions" });
  return pageMetadata({ locale, route: "/test-subscriptions", title: t("title"), index: false });
}

export default async function TestSubscriptionsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  await requireUser(locale);
  const t = await getTranslations("testSubscriptions");
  return (
    <PageContainer narrow>
      <PageHeader title={t("title")} lead={t("lead")} />
      <Button asChild>
        <Link href={pathFor("/pricing", locale)}>{t("toPricing")}</Link>
      </Button>
    </PageContainer>
  );
}
