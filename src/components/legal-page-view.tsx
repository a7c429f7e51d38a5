import { getFormatter, getTranslations } from "next-intl/server";
import { Markdown } from "@/components/markdown";
import { PageContainer } from "@/components/layout/page-header";
import type { Locale } from "@/config/routes";
import { env } from "@/env";
import type { LegalPage } from "@/server/content/load-legal-page";
import { legalDocument } from "@/web/server/legal-document";

export async function LegalPageView({ page, locale }: { page: LegalPage; locale: Locale }) {
  const doc = await legalDocument(page, locale);
  const t = await getTranslations({ locale, namespace: "legal" });
  const format = await getFormatter({ locale });
  return (
    <PageContainer>
      <article className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-gray-950 sm:text-4xl dark:text-white">{doc.title}</h1>
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          {t("updated", { date: format.dateTime(new Date(doc.updated), { day: "numeric", month: "long", year: "numeric" }) })}
        </p>
        <Markdown variant="content" externalLinkHint={t("newTab")} siteUrl={env().appUrl} className="mt-8">
          {doc.markdown}
        </Markdown>
      </article>
    </PageContainer>
  );
}
