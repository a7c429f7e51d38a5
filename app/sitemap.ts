import type { MetadataRoute } from "next";
import { locales, pathFor, routes, type Locale, type StaticRouteKey } from "@/config/routes";
import { env } from "@/env";
import { listArticles } from "@/server/blog/list-articles";

export const dynamic = "force-dynamic";

/**
 * Every indexable page and published post in each of its languages, every address with the alternates of
 * all its versions, itself included (as search engines ask). Drafts never appear.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env().appUrl;
  const entries = (paths: Partial<Record<Locale, string>>, lastModified?: string): MetadataRoute.Sitemap => {
    const languages: Record<string, string> = {};
    for (const locale of locales) if (paths[locale]) languages[locale] = base + paths[locale];
    if (paths.pl) languages["x-default"] = base + paths.pl;
    return locales.flatMap((locale) => (paths[locale] ? [{ url: base + paths[locale], ...(lastModified ? { lastModified } : {}), alternates: { languages } }] : []));
  };

  const keys = (Object.keys(routes) as (keyof typeof routes)[]).filter((k): k is StaticRouteKey => routes[k].indexable && k !== "/blog/[...slug]");
  const pages = keys.flatMap((key) => entries(Object.fromEntries(locales.map((locale) => [locale, pathFor(key, locale)]))));
  const posts = (await listArticles()).flatMap((article) => entries(article.paths, article.date));
  return [...pages, ...posts];
}
