import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { Camera, Clock, Coins, Palette, Users, Images } from "lucide-react";
import { Button } from "@/components/ui/button";
import { pathFor } from "@/config/routes";
import { pageMetadata } from "@/web/metadata";
import { pageLocale, type LocaleParams } from "@/web/page-params";
import { getSessionUser } from "@/web/session";

export async function generateMetadata({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  return pageMetadata({ locale, route: "/" });
}

type Props = LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ params, searchParams }: Props) {
  const locale = await pageLocale(params);
  const t = await getTranslations("home");
  const tSettings = await getTranslations("settings");
  const accountDeleted = "account-deleted" in (await searchParams);
  const user = await getSessionUser();
  const steps = [
    { icon: Camera, title: t("step1Title"), text: t("step1Text") },
    { icon: Palette, title: t("step2Title"), text: t("step2Text") },
    { icon: Images, title: t("step3Title"), text: t("step3Text") },
  ];
  const facts = [
    { icon: Coins, text: t("factTokens") },
    { icon: Clock, text: t("factStorage") },
    { icon: Users, text: t("factAudience") },
  ];
  return (
    <>
      {accountDeleted ? (
        <p role="status" className="bg-green-50 px-4 py-3 text-center font-medium text-green-900 dark:bg-green-950 dark:text-green-100">
          {tSettings("deleted")}
        </p>
      ) : null}
      <section className="bg-gradient-to-b from-primary-50 to-white dark:from-gray-900 dark:to-gray-950">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-gray-950 sm:text-5xl dark:text-white">{t("title")}</h1>
          <p className="mt-5 max-w-2xl text-lg text-pretty text-gray-700 dark:text-gray-300">{t("lead")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href={pathFor(user ? "/design" : "/login", locale)}>{user ? t("ctaCreate") : t("ctaStart")}</Link>
            </Button>
            <Button asChild size="lg" variant="outline" color="gray">
              <Link href={pathFor("/offer", locale)}>{t("ctaOffer")}</Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">{t("freeNote")}</p>
        </div>
      </section>
      <section aria-labelledby="steps" className="mx-auto w-full max-w-6xl px-4 py-14">
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
      <section aria-labelledby="facts" className="mx-auto w-full max-w-6xl px-4 pb-16">
        <h2 id="facts" className="text-2xl font-bold text-gray-950 dark:text-white">
          {t("factsTitle")}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {facts.map((fact) => (
            <li key={fact.text} className="flex gap-3 rounded-2xl bg-gray-50 p-5 dark:bg-gray-900">
              <fact.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400" />
              <p className="text-gray-800 dark:text-gray-200">{fact.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
