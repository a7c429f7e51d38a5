import { getNow, getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { DesignStudio } from "@/components/design/design-studio";
import { ClientMessages } from "@/web/server/client-messages";
import { libraryPhotos } from "@/config/library";
import { styles } from "@/config/styles";
import { pathFor } from "@/config/routes";
import { site } from "@/config/site";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { requireUser } from "@/web/server/session";
import { getCurrentAccount } from "@/web/server/current-account";
import { listGallery } from "@/server/images/list-gallery";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { engineModes } from "@/config/engines";

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The message namespaces the design page's client components read. */
const namespaces = ["design", "upload", "generation", "rooms", "styles", "account", "errors", "modes", "paintColors", "materials", "maskEditor"] as const;

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "design" });
  return pageMetadata({ locale, route: "/design", title: t("title"), index: false });
}

export default async function DesignPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const user = await requireUser(locale);
  const t = await getTranslations("design");
  // The balance from the account the layout has already read for this request (one query fewer).
  const [account, gallery, query] = await Promise.all([getCurrentAccount(), listGallery({ userId: user.id }), searchParams]);
  const balance = account?.balance ?? 0;
  const engine = getEngineInfo();
  // The request's clock, handed to the browser so its first "minutes left" matches this HTML.
  const now = (await getNow()).getTime();

  // ?image=<id> ("use as new input"): only one of the user's own images of the last hour.
  const requested = typeof query.image === "string" ? query.image : null;
  const initialImage = requested ? (gallery.find((image) => image.id === requested) ?? null) : null;

  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      <ClientMessages namespaces={namespaces}>
        <DesignStudio
          balance={balance}
          gallery={gallery}
          library={libraryPhotos.map(({ id, roomType, file, width, height, credit }) => ({ id, roomType, file, width, height, credit }))}
          styles={styles.map(({ id, thumbnail }) => ({ id, thumbnail }))}
          ai={engine.ai}
          modes={engineModes(engine.id)}
          initialImage={initialImage}
          requestedImageMissing={requested !== null && initialImage === null}
          pricingHref={pathFor("/pricing", locale)}
          designHref={pathFor("/design", locale)}
          providersDocs={site.providersDocs}
          now={now}
        />
      </ClientMessages>
    </PageContainer>
  );
}
