import { getTranslations } from "next-intl/server";
import { Markdown } from "@/components/markdown";
import { PageContainer } from "@/components/layout/page-header";
import { env } from "@/env";
import { loadDeveloperDocs } from "@/server/content/load-developer-docs";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const doc = await loadDeveloperDocs({ locale, siteUrl: env().appUrl });
  return pageMetadata({ locale, route: "/developers", title: doc.title, description: doc.description });
}

/** The API's reference and quick start, with examples in curl and TypeScript. */
export default async function DevelopersPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const doc = await loadDeveloperDocs({ locale, siteUrl: env().appUrl });
  const t = await getTranslations({ locale, namespace: "legal" });
  return (
    <PageContainer>
      <article className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-gray-950 sm:text-4xl dark:text-white">{doc.title}</h1>
        <Markdown variant="content" externalLinkHint={t("newTab")} siteUrl={env().appUrl} className="mt-8">
          {doc.markdown}
        </Markdown>
      </article>
    </PageContainer>
  );
}
