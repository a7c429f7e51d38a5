import type { MetadataRoute } from "next";
import { blogPostPath, locales, pathFor, routes, type StaticRouteKey } from "@/config/routes";
import { env } from "@/env";
import { listPosts } from "@/server/blog/list-posts";

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = env().appUrl;
  const keys = (Object.keys(routes) as (keyof typeof routes)[]).filter((k): k is StaticRouteKey => routes[k].indexable && k !== "/blog/[...slug]");
  const pages = keys.map((key) => ({
    url: base + pathFor(key, "pl"),
    alternates: { languages: Object.fromEntries(locales.map((l) => [l, base + pathFor(key, l)])) },
  }));
  const posts = (await Promise.all(locales.map((locale) => listPosts({ locale })))).flat().map((post) => ({
    url: base + blogPostPath(post.slug, post.locale),
    lastModified: post.date,
  }));
  return [...pages, ...posts];
}
