import { getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { RecentBatches } from "@/components/generations/recent-batches";
import { resultNamespaces } from "@/components/generations/result-namespaces";
import { PersonDataSource } from "@/components/account/person-data-source";
import { ClientMessages } from "@/web/server/client-messages";
import { signedInShells } from "@/config/page-cache";
import { pathFor } from "@/config/routes";
import { site } from "@/config/site";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "generations" });
  return pageMetadata({ locale, route: "/generations", title: t("title"), index: false });
}

/** A signed-in shell (decision record 0014): the batches come with the person's data, not in the render. */
export default async function GenerationsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations("generations");
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      <PersonDataSource locale={locale} part={signedInShells["/generations"]} loginHref={pathFor("/login", locale)} />
      <ClientMessages namespaces={["generations", ...resultNamespaces]}>
        <RecentBatches enginesDocs={site.enginesDocs} designHref={pathFor("/design", locale)} />
      </ClientMessages>
    </PageContainer>
  );
}
