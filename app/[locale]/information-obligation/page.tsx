import { LegalPageView } from "@/components/legal-page-view";
import { legalDocument } from "@/web/server/legal-document";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const doc = await legalDocument("information-obligation", locale);
  return pageMetadata({ locale, route: "/information-obligation", title: doc.title, description: doc.description });
}

export default async function Page({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  return <LegalPageView page="information-obligation" locale={locale} />;
}
