import "server-only";
import { blogPostPath, isLocale, type Locale } from "@/config/routes";
import { listPosts } from "@/server/blog/list-posts";

/** The published post a thread belongs to (its title and address), or null when it is gone or a draft. */
export async function findPostOfThread(thread: string): Promise<{ locale: Locale; title: string; path: string } | null> {
  const [locale, translationKey] = thread.split(":");
  if (!isLocale(locale)) return null;
  const post = (await listPosts({ locale })).find((candidate) => candidate.translationKey === translationKey);
  return post ? { locale, title: post.title, path: blogPostPath(post.slug, locale) } : null;
}
