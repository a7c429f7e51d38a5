import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { Building2, FileArchive, Images, ShieldCheck, Sofa, Users, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { pathFor } from "@/config/routes";
import { env } from "@/env";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "offer" });
  return pageMetadata({ locale, route: "/offer", title: t("title"), description: t("lead") });
}

export default async function OfferPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations("offer");
  const email = env().CONTACT_EMAIL;
  const points = [
    { icon: Images, text: t("point1") },
    { icon: Building2, text: t("point2") },
    { icon: Users, text: t("point3") },
  ];
  const listingPoints = [
    { icon: Sofa, text: t("listing1") },
    { icon: ShieldCheck, text: t("listing2") },
    { icon: FileArchive, text: t("listing3") },
  ];
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      <PointGrid points={points} />
      <section aria-labelledby="offer-listings" className="mt-10">
        <h2 id="offer-listings" className="text-2xl font-semibold text-gray-950 dark:text-white">
          {t("listingsHeading")}
        </h2>
        <PointGrid points={listingPoints} className="mt-4" />
      </section>
      <p className="mt-8 max-w-2xl text-gray-700 dark:text-gray-300">{t("disclosure")}</p>
      <div className="mt-8 flex flex-wrap items-center gap-4">
        <Button asChild size="lg">
          <Link href={pathFor("/listings", locale)}>{t("ctaListings")}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={pathFor("/pricing", locale)}>{t("ctaPricing")}</Link>
        </Button>
        <a className="font-medium text-primary-700 underline underline-offset-4 dark:text-primary-300" href={`mailto:${email}`}>
          {t("ctaContact", { email })}
        </a>
      </div>
    </PageContainer>
  );
}

/** Three points of the offer, each with its icon. */
function PointGrid({ points, className = "" }: { points: { icon: LucideIcon; text: string }[]; className?: string }) {
  return (
    <ul className={`grid gap-4 sm:grid-cols-3 ${className}`}>
      {points.map((p) => (
        <li key={p.text} className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
          <p.icon aria-hidden="true" className="size-7 text-primary-600 dark:text-primary-400" />
          <p className="mt-3 text-gray-800 dark:text-gray-200">{p.text}</p>
        </li>
      ))}
    </ul>
  );
}
