import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/metadata";
import { pageLocale, type LocaleParams } from "@/web/page-params";
import { getSessionUser } from "@/web/session";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "generator" });
  return pageMetadata({ locale, route: "/generator", title: t("title"), description: t("lead") });
}

export default async function GeneratorPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations("generator");
  const tHome = await getTranslations("home");
  const user = await getSessionUser();
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      <p className="max-w-2xl text-gray-800 dark:text-gray-200">{t("how")}</p>
      <Button asChild size="lg" className="mt-8">
        <Link href={pathFor(user ? "/design" : "/login", locale)}>{user ? tHome("ctaCreate") : t("cta")}</Link>
      </Button>
    </PageContainer>
  );
}
