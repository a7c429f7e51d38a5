import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pathFor, type Locale, type StaticRouteKey } from "@/config/routes";
import { env } from "@/env";

/** Title, description, canonical URL and hreflang alternates of a page in both languages. */
export async function pageMetadata(options: {
  locale: Locale;
  route: StaticRouteKey;
  title?: string;
  description?: string;
  /** For pages whose paths are not in the route table (blog posts). */
  paths?: Partial<Record<Locale, string>>;
  index?: boolean;
}): Promise<Metadata> {
  const t = await getTranslations({ locale: options.locale, namespace: "meta" });
  const paths = options.paths ?? { pl: pathFor(options.route, "pl"), en: pathFor(options.route, "en") };
  const languages: Record<string, string> = {};
  if (paths.pl) languages.pl = paths.pl;
  if (paths.en) languages.en = paths.en;
  if (paths.pl) languages["x-default"] = paths.pl;
  return {
    metadataBase: new URL(env().appUrl),
    title: options.title ? `${options.title} | ${t("siteName")}` : t("defaultTitle"),
    description: options.description ?? t("defaultDescription"),
    alternates: { canonical: paths[options.locale], languages },
    robots: options.index === false ? { index: false, follow: true } : undefined,
    openGraph: { siteName: t("siteName"), locale: options.locale === "pl" ? "pl_PL" : "en_GB", type: "website" },
  };
}
