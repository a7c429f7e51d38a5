import { getTranslations } from "next-intl/server";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { DesignStudio } from "@/components/design/design-studio";
import { ClientMessages } from "@/web/server/client-messages";
import { libraryPhotos } from "@/config/library";
import { styles } from "@/config/styles";
import { signedInShells } from "@/config/page-cache";
import { pathFor } from "@/config/routes";
import { site } from "@/config/site";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { PersonDataSource } from "@/components/account/person-data-source";
import { getEngineInfo } from "@/server/generation/get-engine-info";
import { engineFollowsWords, engineModes, engineUnsupportedReasons, sameEveryTimeModes } from "@/config/engines";

/** The message namespaces the design page's client components read. */
const namespaces = ["design", "upload", "generation", "rooms", "styles", "account", "errors", "modes", "paintColors", "materials", "maskEditor"] as const;

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "design" });
  return pageMetadata({ locale, route: "/design", title: t("title"), index: false });
}

/**
 * A signed-in shell (decision record 0014): the same HTML for every account, answered from server.ts's cache
 * with the person's balance and gallery put in; ?image= is read in the browser.
 */
export default async function DesignPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations("design");
  const engine = getEngineInfo();

  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      <PersonDataSource locale={locale} part={signedInShells["/design"]} loginHref={pathFor("/login", locale)} />
      <ClientMessages namespaces={namespaces}>
        <DesignStudio
          library={libraryPhotos.map(({ id, roomType, file, width, height, credit }) => ({ id, roomType, file, width, height, credit }))}
          styles={styles.map(({ id, thumbnail }) => ({ id, thumbnail }))}
          ai={engine.ai}
          modes={engineModes(engine.id)}
          unsupported={engineUnsupportedReasons(engine.id)}
          sameEveryTime={sameEveryTimeModes(engine.id)}
          followsWords={engineFollowsWords(engine.id)}
          pricingHref={pathFor("/pricing", locale)}
          designHref={pathFor("/design", locale)}
          generationsHref={pathFor("/generations", locale)}
          enginesDocs={site.enginesDocs}
        />
      </ClientMessages>
    </PageContainer>
  );
}
