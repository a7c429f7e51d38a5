import { Link } from "@/components/link";
import { getTranslations } from "next-intl/server";
import { legalNav, publicNav } from "@/config/navigation";
import { pathFor, type Locale } from "@/config/routes";
import { site } from "@/config/site";
import { env } from "@/env";
import { CookieSettingsButton } from "@/components/consent";
import { SocialLinks } from "./social-links";
import { LogoMark } from "./logo";

/** `tagManager`: the page loads the Tag Manager container (configured, and the address carries no secret). */
export async function Footer({ locale, tagManager }: { locale: Locale; tagManager: boolean }) {
  const t = await getTranslations({ locale, namespace: "footer" });
  const tNav = await getTranslations({ locale, namespace: "nav" });
  const { CONTACT_EMAIL: email } = env();
  const linkClass = "inline-flex min-h-6 items-center text-gray-700 underline-offset-4 hover:text-gray-900 hover:underline dark:text-gray-300 dark:hover:text-white";
  return (
    <footer className="border-t border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div className="space-y-3">
          <p className="flex items-center gap-2 font-semibold">
            <LogoMark className="size-7" />
            {site.name}
          </p>
          <p className="text-sm text-gray-700 dark:text-gray-300">{t("tagline")}</p>
          <SocialLinks label={tNav("social")} names={{ instagram: t("social.instagram"), facebook: t("social.facebook"), linkedin: t("social.linkedin") }} />
        </div>
        <nav aria-label={t("product")} className="text-sm">
          <h2 className="mb-2 font-semibold text-gray-900 dark:text-white">{t("product")}</h2>
          <ul className="space-y-1.5">
            {publicNav.map((item) => (
              <li key={item.route}>
                <Link className={linkClass} href={pathFor(item.route, locale)}>
                  {tNav(item.label)}
                </Link>
              </li>
            ))}
            <li>
              <Link className={linkClass} href={pathFor("/pricing", locale)}>
                {tNav("pricing")}
              </Link>
            </li>
            <li>
              <Link className={linkClass} href={pathFor("/developers", locale)}>
                {t("developers")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("legal")} className="text-sm">
          <h2 className="mb-2 font-semibold text-gray-900 dark:text-white">{t("legal")}</h2>
          <ul className="space-y-1.5">
            {legalNav.map((item) => (
              <li key={item.route}>
                <Link className={linkClass} href={pathFor(item.route, locale)}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
            {/* Only analytics asks for consent; without a Tag Manager container there is nothing to set. */}
            {tagManager ? (
              <li>
                <CookieSettingsButton className={`${linkClass} cursor-pointer`}>{t("cookieSettings")}</CookieSettingsButton>
              </li>
            ) : null}
            <li>
              <a className={linkClass} href={`mailto:${email}`}>
                {t("contact", { email })}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-gray-200 px-4 py-4 text-center text-sm text-gray-700 dark:border-gray-800 dark:text-gray-300">
        {t("copyright", { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
