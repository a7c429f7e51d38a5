import { cache } from "react";
import { notFound } from "next/navigation";
import { getNow, getTranslations } from "next-intl/server";
import { Link } from "@/components/link";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { QueryProvider } from "@/web/client/query-provider";
import { ListingWorkspace } from "@/components/listings/listing-workspace";
import { ListingsIndex } from "@/components/listings/listings-index";
import { resultNamespaces } from "@/components/generations/result-namespaces";
import { engineModes } from "@/config/engines";
import { libraryPhotos } from "@/config/library";
import { pathFor } from "@/config/routes";
import { site } from "@/config/site";
import { getEngine } from "@/server/engines/get-engine";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { isAppError } from "@/server/errors";
import { getListing } from "@/server/listings/get-listing";
import { hdIsPlain } from "@/server/listings/hd-is-plain";
import { listListings } from "@/server/listings/list-listings";
import { activeTeamId } from "@/web/server/active-team";
import { ClientMessages } from "@/web/server/client-messages";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale } from "@/web/server/page-params";
import { getSessionUser, requireUser } from "@/web/server/session";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ id?: string | string[] }> };

/** A listing of the signed-in agent, read once per request by the title and the page; null for no such listing. */
const ownListing = cache(async (listingId: string) => {
  const user = await getSessionUser();
  if (!user) return null;
  return getListing({ userId: user.id, listingId }).catch((error: unknown) => {
    if (isAppError(error, "NOT_FOUND")) return null;
    throw error;
  });
});

export async function generateMetadata({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "listings" });
  const { id } = await searchParams;
  // The tab names the listing (a rename on the page follows it there).
  const listing = typeof id === "string" ? await ownListing(id) : null;
  return pageMetadata({ locale, route: "/listings", title: listing ? `${listing.name} · ${t("title")}` : t("title"), index: false });
}

/** The agent's listings; with `?id=` one listing's workspace. */
export default async function ListingsPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const t = await getTranslations("listings");
  const listPath = pathFor("/listings", locale);
  const { id } = await searchParams;
  if (typeof id === "string") {
    const listing = await ownListing(id);
    if (!listing) notFound();
    const now = (await getNow()).getTime();
    const hdPlain = hdIsPlain({ engine: await getEngine() });
    return (
      <PageContainer>
        <p className="mb-4">
          <Link href={listPath} className="text-sm underline underline-offset-4">
            {t("back")}
          </Link>
        </p>
        <PageHeader title={listing.name} lead={t("lead")} />
        <ClientMessages namespaces={["listings", "listingKeep", "upload", "design", ...resultNamespaces]}>
          <QueryProvider>
            <ListingWorkspace initial={listing} now={now} listPath={listPath} sharePrefix={locale === "en" ? "/en/p/" : "/p/"} hdPlain={hdPlain}
              modes={engineModes(getEngineInfo().id)}
              enginesDocs={site.enginesDocs}
              library={libraryPhotos.map(({ id, roomType, file, width, height, credit }) => ({ id, roomType, file, width, height, credit }))}
            />
          </QueryProvider>
        </ClientMessages>
      </PageContainer>
    );
  }
  // What the person lists belongs where they work now: their own account or their team.
  const listings = await listListings({ userId: user.id, teamId: await activeTeamId(user.id) });
  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      <ClientMessages namespaces={["listings"]}>
        <ListingsIndex listings={listings} basePath={listPath} />
      </ClientMessages>
    </PageContainer>
  );
}
