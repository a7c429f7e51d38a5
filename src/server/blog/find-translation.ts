import "server-only";
import type { Locale } from "@/config/routes";
import { listPosts } from "./list-posts";
import type { Post } from "./post-schema";

/**
 * The slug of the same article in `locale` (matched by translationKey), or null when that language has
 * no published version. For the language switch and the hreflang alternates of a post page.
 */
export async function findTranslation({
  post,
  locale,
}: {
  post: Pick<Post, "locale" | "slug" | "translationKey">;
  locale: Locale;
}): Promise<string[] | null> {
  if (post.locale === locale) return post.slug;
  const posts = await listPosts({ locale });
  return posts.find((candidate) => candidate.translationKey === post.translationKey)?.slug ?? null;
}
