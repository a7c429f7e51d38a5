import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { pathFor, type Locale, type StaticRouteKey } from "@/config/routes";
import { env } from "@/env";
import { OG_SIZE, ogPageImagePath } from "@/web/server/og/og-pages";

/**
 * Title, description, canonical URL and hreflang alternates of a page in both languages, and what a
 * shared link shows: Open Graph and Twitter cards with the page's generated image (src/web/server/og).
 */
export async function pageMetadata(options: {
  locale: Locale;
  route: StaticRouteKey;
  title?: string;
  description?: string;
  /** For pages whose paths are not in the route table (blog posts, pages of the blog list). */
  paths?: Partial<Record<Locale, string>>;
  index?: boolean;
  /** The Open Graph image's path; by default the route's own (or the home page's). */
  image?: string;
  /** An RSS feed to announce in the head. */
  feed?: { path: string; title: string };
  /** A blog post: shared as an article, with its date and tags. */
  article?: { publishedTime: string; tags: string[] };
}): Promise<Metadata> {
  const t = await getTranslations({ locale: options.locale, namespace: "meta" });
  const paths = options.paths ?? { pl: pathFor(options.route, "pl"), en: pathFor(options.route, "en") };
  const languages: Record<string, string> = {};
  if (paths.pl) languages.pl = paths.pl;
  if (paths.en) languages.en = paths.en;
  if (paths.pl) languages["x-default"] = paths.pl;
  const title = options.title ?? t("defaultTitle");
  const description = options.description ?? t("defaultDescription");
  const image = { url: options.image ?? ogPageImagePath(options.locale, options.route), ...OG_SIZE, type: "image/jpeg", alt: title };
  return {
    metadataBase: new URL(env().appUrl),
    title: options.title ? `${options.title} | ${t("siteName")}` : t("defaultTitle"),
    description,
    alternates: {
      canonical: paths[options.locale],
      languages,
      ...(options.feed ? { types: { "application/rss+xml": [{ url: options.feed.path, title: options.feed.title }] } } : {}),
    },
    robots: options.index === false ? { index: false, follow: true } : undefined,
    openGraph: {
      siteName: t("siteName"),
      locale: options.locale === "pl" ? "pl_PL" : "en_GB",
      title,
      description,
      url: paths[options.locale],
      images: [image],
      ...(options.article ? { type: "article", publishedTime: options.article.publishedTime, tags: options.article.tags } : { type: "website" }),
    },
    twitter: { card: "summary_large_image", title, description, images: [image] },
  };
}
