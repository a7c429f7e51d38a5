import { Link } from "@/components/link";
import { getNow, getTranslations } from "next-intl/server";
import { ImageOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { RecentBatches } from "@/components/generations/recent-batches";
import { ClientMessages } from "@/web/server/client-messages";
import { pathFor } from "@/config/routes";
import { site } from "@/config/site";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";
import { listRecentBatches } from "@/server/generation/list-recent-batches";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "generations" });
  return pageMetadata({ locale, route: "/generations", title: t("title"), index: false });
}

export default async function GenerationsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const t = await getTranslations("generations");
  const batches = await listRecentBatches({ userId: user.id });
  // The request's clock, handed to the browser so its first "minutes left" matches this HTML.
  const now = (await getNow()).getTime();
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      {batches.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 px-6 py-14 text-center dark:border-gray-700">
          <ImageOff aria-hidden="true" className="size-10 text-gray-500" />
          <p className="mt-3 text-gray-800 dark:text-gray-200">{t("empty")}</p>
          <Button asChild className="mt-5">
            <Link href={pathFor("/design", locale)}>{t("create")}</Link>
          </Button>
        </div>
      ) : (
        <ClientMessages namespaces={["generation", "rooms", "styles"]}>
          <RecentBatches batches={batches} now={now} providersDocs={site.providersDocs} designHref={pathFor("/design", locale)} />
        </ClientMessages>
      )}
    </PageContainer>
  );
}
