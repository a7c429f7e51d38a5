import type { Metadata } from "next";
import { cache } from "react";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { getNow, getTranslations } from "next-intl/server";
import { AlternatePaths } from "@/components/layout/alternate-paths";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { SharedComparison } from "@/components/listings/shared-comparison";
import type { RoomType } from "@/config/room-types";
import type { Locale } from "@/config/routes";
import { shareCookieName } from "@/config/cookies";
import { isAppError } from "@/server/errors";
import { resultWords } from "@/server/listings/listing-file-name";
import { resolveShareLink } from "@/server/listings/resolve-share-link";
import { ClientMessages } from "@/web/server/client-messages";
import { pageLocale } from "@/web/server/page-params";
import { resultAltKey } from "@/components/generations/result-alt";

type Props = { params: Promise<{ locale: string; token: string }> };

// Never indexed, never kept by a shared cache: the link is the client's alone and may be revoked.
export const dynamic = "force-dynamic";

/**
 * The link's token: the address's own (a preview bot's visit), or, at the clean address `/p/<id>` the proxy
 * sends a browser to, the cookie it was exchanged for.
 */
async function shareToken(segment: string): Promise<string> {
  return (await cookies()).get(shareCookieName(segment))?.value ?? segment;
}

/** The link's listing, or what became of it; read once per request by the title and the page. */
const sharedListing = cache((token: string, locale: Locale) =>
  resolveShareLink({ token, locale }).then(
    (shared) => ({ state: "open" as const, shared }),
    (error: unknown) => {
      if (isAppError(error, "NOT_FOUND")) return { state: "notFound" as const };
      if (isAppError(error, "GONE")) return { state: "gone" as const };
      throw error;
    },
  ),
);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const token = await shareToken((await params).token);
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "listings" });
  // A link that no longer works says so in the tab's title too, not only on the page.
  const { state } = await sharedListing(token, locale);
  const title = state === "notFound" ? t("sharedNotFoundTitle") : state === "gone" ? t("sharedGoneTitle") : t("sharedLead");
  return { title, robots: { index: false, follow: false, nocache: true }, referrer: "no-referrer" };
}

/**
 * The agent's client's view of a listing, without an account: the chosen results with before/after sliders.
 * The disclosure label is burnt into each result's file, in the page's language (getSharedImage), so the page
 * lays none over it. A revoked or unknown link is a 404; one whose images are gone answers 410 (the proxy says
 * so before this page renders) and this page shows why.
 */
export default async function SharedListingPage({ params }: Props) {
  const { token: segment } = await params;
  const token = await shareToken(segment);
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "listings" });
  const tRooms = await getTranslations({ locale, namespace: "rooms" });
  const tGen = await getTranslations({ locale, namespace: "generation" });
  const link = await sharedListing(token, locale);
  if (link.state === "notFound") notFound();
  if (link.state === "gone") {
    return (
      <PageContainer narrow>
        <PageHeader title={t("sharedGoneTitle")} lead={t("sharedGone")} />
      </PageContainer>
    );
  }
  const { shared } = link;
  const { listing } = shared;
  const now = (await getNow()).getTime();
  return (
    <PageContainer>
      {/* The language switch leads to this proposal in the other language, not to the home page. */}
      <AlternatePaths paths={{ pl: `/p/${segment}`, en: `/en/p/${segment}` }} />
      <PageHeader
        title={listing.name}
        lead={listing.expiresAt ? `${t("sharedLead")} · ${t("sharedExpires", { minutes: Math.max(1, Math.round((Date.parse(listing.expiresAt) - now) / 60_000)) })}` : `${t("sharedLead")} · ${t("sharedNothingChosen")}`}
      />
      <ClientMessages namespaces={["generation"]}>
      <ol className="grid gap-8 md:grid-cols-2">
        {listing.items.map((item) => {
          const room = tRooms(item.roomType as RoomType);
          const style = resultWords({ locale, styleId: item.styleId || null, mode: item.mode });
          const afterAlt = tGen(resultAltKey({ styleId: item.styleId || null, ai: item.ai }), { room, style, edit: style });
          return (
            <li key={item.position} data-testid="shared-item" className="space-y-2">
              <h2 className="font-medium">{t("sharedItem", { number: item.position, room, style })}</h2>
              {item.beforeUrl ? (
                <SharedComparison
                  before={{ src: item.beforeUrl, alt: tGen("originalAlt", { room }), width: item.width, height: item.height }}
                  after={{ src: item.afterUrl, alt: afterAlt, width: item.width, height: item.height }}
                  style={style}
                />
              ) : (
                // eslint-disable-next-line @next/next/no-img-element -- a short-lived image served by our API
                <img src={item.afterUrl} alt={afterAlt} width={item.width} height={item.height} className="h-auto w-full rounded-lg" />
              )}
            </li>
          );
        })}
      </ol>
      </ClientMessages>
    </PageContainer>
  );
}
