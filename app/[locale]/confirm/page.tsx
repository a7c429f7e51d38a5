import { getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { ConfirmRedirect } from "@/components/auth/confirm-redirect";
import { ClientMessages } from "@/web/server/client-messages";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "confirm" });
  return pageMetadata({ locale, route: "/confirm", title: t("title"), index: false });
}

export default async function ConfirmPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  await requireUser(locale);
  const t = await getTranslations("confirm");
  return (
    <PageContainer narrow>
      <PageHeader title={t("title")} />
      <ClientMessages namespaces={["confirm"]}>
        <ConfirmRedirect />
      </ClientMessages>
    </PageContainer>
  );
}
