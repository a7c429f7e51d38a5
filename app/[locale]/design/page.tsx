import { getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { pageMetadata } from "@/web/metadata";
import { pageLocale, type LocaleParams } from "@/web/page-params";
import { requireUser } from "@/web/session";
import { getBalance } from "@/server/tokens/get-balance";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "design" });
  return pageMetadata({ locale, route: "/design", title: t("title"), index: false });
}

export default async function DesignPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const t = await getTranslations("design");
  const tAccount = await getTranslations("account");
  const balance = await getBalance({ userId: user.id });
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      <p className="text-lg text-gray-900 dark:text-gray-100">{t("balance", { tokens: tAccount("tokens", { count: balance }) })}</p>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t("steps")}</p>
    </PageContainer>
  );
}
