import { getLocale, getTranslations } from "next-intl/server";
import { Link } from "@/components/link";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { pathFor, type Locale } from "@/config/routes";

/**
 * A listing that is not there (deleted, mistyped, or another agent's: nobody learns which): said as such, with the
 * way back to the agent's listings, rather than the site's "page not found".
 */
export default async function ListingNotFound() {
  const t = await getTranslations("listings");
  const locale = (await getLocale()) as Locale;
  return (
    <PageContainer narrow>
      <PageHeader title={t("notFoundTitle")} lead={t("notFound")} />
      <Link href={pathFor("/listings", locale)} className="font-medium text-primary-700 underline underline-offset-4 dark:text-primary-300">
        {t("back")}
      </Link>
    </PageContainer>
  );
}
