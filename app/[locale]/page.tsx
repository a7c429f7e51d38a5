import { Link } from "@/components/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Building2, Camera, ChevronDown, Home, Images, Palette, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PlainImage } from "@/components/ui/plain-image";
import { ShowcaseSlider } from "@/components/landing/showcase-slider";
import { showcaseTexts } from "@/components/landing/showcase-texts";
import { signUpHref } from "@/components/auth/login-tab";
import { engines } from "@/config/engines";
import { formatPrice, plans } from "@/config/plans";
import { FREE_TOKENS } from "@/config/tokens";
import { pathFor } from "@/config/routes";
import { landingPairs, showcaseIsAi } from "@/config/showcase";
import { styles } from "@/config/styles";
import { env } from "@/env";
import { pageMetadata } from "@/web/server/metadata";
import { pageLocale, type LocaleParams } from "@/web/server/page-params";
import { getSessionUser } from "@/web/server/session";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  return pageMetadata({ locale, route: "/" });
}

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

const faqKeys = ["free", "storage", "watermark", "use", "ai", "rooms"] as const;

/** The slot of the hero slider: the full width on a phone, about half the page beside the text on a desktop. */
const HERO_SIZES = "(min-width: 1024px) 560px, calc(100vw - 2rem)";
const PAIR_SIZES = "(min-width: 768px) 560px, calc(100vw - 2rem)";

export default async function HomePage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations("home");
  const tSettings = await getTranslations("settings");
  const tStyles = await getTranslations("styles");
  const tPricing = await getTranslations("pricing");
  const format = await getFormatter();
  const accountDeleted = "account-deleted" in (await searchParams);
  const user = await getSessionUser();
  const [hero, ...pairs] = await Promise.all(
    landingPairs.map(async (pair) => ({ ...pair, texts: await showcaseTexts(locale, pair.photoId, pair.styleId) })),
  );
  const startHref = user ? pathFor("/design", locale) : signUpHref(locale);
  const startLabel = user ? t("ctaCreate") : t("ctaStart");
  const steps = [
    { icon: Camera, title: t("step1Title"), text: t("step1Text") },
    { icon: Palette, title: t("step2Title"), text: t("step2Text") },
    { icon: Images, title: t("step3Title"), text: t("step3Text") },
  ];
  const cheapest = Math.min(...plans.map((plan) => Math.round(plan.priceGrosze / plan.tokensPerMonth)));
  const previewNote = showcaseIsAi ? null : (
    <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-200">
      <Sparkles aria-hidden="true" className="size-4 shrink-0" />
      {t("previewNote")}
    </p>
  );

  return (
    <>
      {accountDeleted ? (
        <p role="status" className="bg-green-50 px-4 py-3 text-center font-medium text-green-900 dark:bg-green-950 dark:text-green-100">
          {tSettings("deleted")}
        </p>
      ) : null}
      <section className="bg-gradient-to-b from-primary-50 to-white dark:from-gray-900 dark:to-gray-950">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-2">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance text-gray-950 sm:text-5xl dark:text-white">{t("title")}</h1>
            <p className="mt-5 text-lg text-pretty text-gray-700 dark:text-gray-300">{t("lead")}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link href={startHref}>{startLabel}</Link>
              </Button>
              <Button asChild size="lg" variant="outline" color="gray">
                <Link href={pathFor("/generator", locale)}>{t("ctaGenerator")}</Link>
              </Button>
            </div>
            <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">{t("freeNote")}</p>
          </div>
          {hero ? (
            <figure>
              <ShowcaseSlider photoId={hero.photoId} styleId={hero.styleId} texts={hero.texts} sizes={HERO_SIZES} priority />
              <figcaption className="mt-2 text-sm text-gray-700 dark:text-gray-300">
                {t("pairCaption", hero.texts.names)}
              </figcaption>
              {previewNote}
            </figure>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="steps" className="mx-auto w-full max-w-6xl px-4 py-14 below-fold-[48rem]">
        <h2 id="steps" className="text-2xl font-bold text-gray-950 dark:text-white">
          {t("stepsTitle")}
        </h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
              <step.icon aria-hidden="true" className="size-8 text-primary-600 dark:text-primary-400" />
              <h3 className="mt-4 font-semibold text-gray-950 dark:text-white">
                {index + 1}. {step.title}
              </h3>
              <p className="mt-2 text-gray-700 dark:text-gray-300">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="examples" className="mx-auto w-full max-w-6xl px-4 pb-14 below-fold-[54rem]">
        <h2 id="examples" className="text-2xl font-bold text-gray-950 dark:text-white">
          {t("examplesTitle")}
        </h2>
        <p className="mt-2 max-w-2xl text-gray-700 dark:text-gray-300">{t("examplesLead")}</p>
        <ul className="mt-6 grid gap-8 md:grid-cols-2">
          {pairs.map((pair) => (
            <li key={`${pair.photoId}/${pair.styleId}`}>
              <figure>
                <ShowcaseSlider photoId={pair.photoId} styleId={pair.styleId} texts={pair.texts} sizes={PAIR_SIZES} />
                <figcaption className="mt-2 text-sm text-gray-700 dark:text-gray-300">
                  {t("pairCaption", pair.texts.names)}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {previewNote}
        <p className="mt-6">
          <Link href={pathFor("/generator", locale)} className="font-medium text-primary-700 underline underline-offset-4 dark:text-primary-300">
            {t("examplesMore")}
          </Link>
        </p>
      </section>

      <section aria-labelledby="styles" className="bg-gray-50 py-14 below-fold-[86rem] dark:bg-gray-900">
        <div className="mx-auto w-full max-w-6xl px-4">
          <h2 id="styles" className="text-2xl font-bold text-gray-950 dark:text-white">
            {t("stylesTitle", { count: styles.length })}
          </h2>
          <p className="mt-2 max-w-2xl text-gray-700 dark:text-gray-300">{t("stylesLead")}</p>
          <ul className="mt-6 grid grid-cols-3 gap-3 sm:grid-cols-5 sm:gap-4 lg:grid-cols-6">
            {styles.map((style) => (
              <li key={style.id}>
                <PlainImage src={style.thumbnail} alt="" width={240} height={160} loading="lazy" className="style-thumb" />
                <p className="style-thumb-name">{tStyles(`${style.id}.name`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="audience" className="mx-auto w-full max-w-6xl px-4 py-14 below-fold-[44rem]">
        <h2 id="audience" className="text-2xl font-bold text-gray-950 dark:text-white">
          {t("audienceTitle")}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          <li className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
            <Home aria-hidden="true" className="size-8 text-primary-600 dark:text-primary-400" />
            <h3 className="mt-4 text-lg font-semibold text-gray-950 dark:text-white">{t("ownersTitle")}</h3>
            <p className="mt-2 text-gray-700 dark:text-gray-300">{t("ownersText")}</p>
          </li>
          <li className="rounded-2xl border border-gray-200 p-6 dark:border-gray-800">
            <Building2 aria-hidden="true" className="size-8 text-primary-600 dark:text-primary-400" />
            <h3 className="mt-4 text-lg font-semibold text-gray-950 dark:text-white">{t("agentsTitle")}</h3>
            <p className="mt-2 text-gray-700 dark:text-gray-300">{t("agentsText")}</p>
            <Link href={pathFor("/offer", locale)} className="mt-4 inline-flex min-h-11 items-center font-medium text-primary-700 underline underline-offset-4 dark:text-primary-300">
              {t("ctaOffer")}
            </Link>
          </li>
        </ul>
      </section>

      <section aria-labelledby="pricing" className="mx-auto w-full max-w-6xl px-4 pb-14 below-fold-[42rem]">
        <h2 id="pricing" className="text-2xl font-bold text-gray-950 dark:text-white">
          {t("pricingTitle")}
        </h2>
        <p className="mt-2 max-w-2xl text-gray-700 dark:text-gray-300">
          {t("pricingLead", { free: FREE_TOKENS, price: formatPrice(format, cheapest) })}
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.id} className="rounded-2xl border border-gray-200 p-5 dark:border-gray-800">
              <h3 className="font-semibold text-gray-950 dark:text-white">{tPricing(`plans.${plan.id}.name`)}</h3>
              <p className="mt-1 text-2xl font-bold text-gray-950 dark:text-white">
                {formatPrice(format, plan.priceGrosze)} <span className="text-sm font-normal text-gray-700 dark:text-gray-300">{tPricing("perMonth")}</span>
              </p>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{tPricing("tokensPerMonth", { count: plan.tokensPerMonth })}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">{tPricing("grossNote")}</p>
        <Link href={pathFor("/pricing", locale)} className="mt-2 inline-flex min-h-11 items-center font-medium text-primary-700 underline underline-offset-4 dark:text-primary-300">
          {t("pricingMore")}
        </Link>
      </section>

      <section aria-labelledby="faq" className="mx-auto w-full max-w-3xl px-4 pb-14 below-fold-[27rem]">
        <h2 id="faq" className="text-2xl font-bold text-gray-950 dark:text-white">
          {t("faqTitle")}
        </h2>
        <div className="mt-6 divide-y divide-gray-200 border-y border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {faqKeys.map((key) => (
            <details key={key} className="group py-1">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-medium text-gray-950 dark:text-white [&::-webkit-details-marker]:hidden">
                {t(`faq.${key}.q`)}
                <ChevronDown aria-hidden="true" className="size-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <p className="pb-4 text-gray-700 dark:text-gray-300">{t(key === "ai" && !engines[env().GENERATION_ENGINE].ai ? "faq.ai.aLocal" : `faq.${key}.a`, { free: FREE_TOKENS })}</p>
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="cta" className="bg-primary-700 below-fold-[20rem] dark:bg-primary-900">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center">
          <h2 id="cta" className="text-3xl font-bold text-balance text-white">
            {t("ctaTitle")}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-primary-50">{t("freeNote")}</p>
          <Button asChild size="xl" color="gray" variant="soft" className="mt-8">
            <Link href={startHref}>{startLabel}</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
