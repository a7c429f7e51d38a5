import "server-only";
import { blogPostPath, locales, type Locale } from "@/config/routes";
import { findTranslation } from "./find-translation";
import { listPosts } from "./list-posts";

export type Article = {
  /** The address of each published language version, e.g. { pl: "/blog/x", en: "/en/blog/y" }. */
  paths: Partial<Record<Locale, string>>;
  date: string;
};

/**
 * Every published article once, with the address of each of its language versions (posts sharing a
 * translationKey), for the sitemap's hreflang alternates. Drafts never appear.
 */
export async function listArticles(): Promise<Article[]> {
  const seen = new Set<string>();
  const articles: Article[] = [];
  for (const locale of locales) {
    for (const post of await listPosts({ locale })) {
      if (seen.has(post.translationKey)) continue;
      seen.add(post.translationKey);
      const paths: Partial<Record<Locale, string>> = {};
      for (const other of locales) {
        const slug = await findTranslation({ post, locale: other });
        if (slug) paths[other] = blogPostPath(slug, other);
      }
      articles.push({ paths, date: post.date });
    }
  }
  return articles;
}
