import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/page-header";
import { ExamplePicker, type ExamplePhoto, type ExampleStyle } from "@/components/landing/example-picker";
import { showcaseTexts } from "@/components/landing/showcase-texts";
import { signUpHref } from "@/components/auth/login-tab";
import { pathFor } from "@/config/routes";
import { isShowcasePhoto, isShowcaseStyle, landingPairs, showcaseIsAi, showcasePhotos, showcaseStyleIds } from "@/config/showcase";
import { findStyle, styles as allStyles } from "@/config/styles";
import { FREE_TOKENS } from "@/config/tokens";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { getSessionUser } from "@/web/server/session";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations({ locale, namespace: "generator" });
  return pageMetadata({ locale, route: "/generator", title: t("title"), description: t("lead") });
}

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The public generator: ready-made examples (src/config/showcase.ts), no account and no tokens. */
export default async function GeneratorPage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations("generator");
  const tHome = await getTranslations("home");
  const tRooms = await getTranslations("rooms");
  const tStyles = await getTranslations("styles");
  const tDesign = await getTranslations("design");
  const user = await getSessionUser();
  const query = await searchParams;

  const photos: ExamplePhoto[] = showcasePhotos().map((photo) => ({ id: photo.id, name: tRooms(photo.roomType), credit: tDesign("libraryCredit", photo.credit) }));
  const styles: ExampleStyle[] = showcaseStyleIds.map((id) => ({
    id,
    name: tStyles(`${id}.name`),
    description: tStyles(`${id}.description`),
    thumbnail: findStyle(id)?.thumbnail ?? "",
  }));
  const texts: Parameters<typeof ExamplePicker>[0]["texts"] = {};
  for (const photo of photos) {
    for (const style of styles) {
      const pair = await showcaseTexts(locale, photo.id, style.id);
      texts[`${photo.id}/${style.id}`] = { ...pair, caption: tHome("pairCaption", pair.names) };
    }
  }
  // A shared or bookmarked address opens its pair; anything else opens the landing page's first example.
  const fallback = landingPairs[0];
  const photoId = typeof query.photo === "string" && isShowcasePhoto(query.photo) ? query.photo : fallback.photoId;
  const styleId = typeof query.style === "string" && isShowcaseStyle(query.style) ? query.style : fallback.styleId;

  return (
    <PageContainer>
      <PageHeader title={t("title")} lead={t("lead")} />
      <ExamplePicker
        photos={photos}
        styles={styles}
        texts={texts}
        initial={{ photoId, styleId }}
        labels={{ photos: t("photosLegend"), styles: t("stylesLegend"), show: t("show"), result: t("resultTitle") }}
      >
        {showcaseIsAi ? null : (
          <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-200">
            <Sparkles aria-hidden="true" className="size-4 shrink-0" />
            {t("previewNote")}
          </p>
        )}
        <div className="mt-6 rounded-2xl bg-primary-50 p-5 dark:bg-gray-900">
          <h2 className="font-semibold text-gray-950 dark:text-white">{t("ownPhotoTitle")}</h2>
          <p className="mt-1 text-gray-800 dark:text-gray-200">{t("how", { styles: allStyles.length })}</p>
          <Button asChild size="lg" className="mt-4">
            <Link href={user ? pathFor("/design", locale) : signUpHref(locale)}>
              {user ? tHome("ctaCreate") : t("cta", { free: FREE_TOKENS })}
            </Link>
          </Button>
        </div>
      </ExamplePicker>
      <p className="mt-8 text-xs text-gray-700 dark:text-gray-300">
        {[...new Set(photos.map((photo) => photo.credit))].join(" · ")}
      </p>
    </PageContainer>
  );
}
