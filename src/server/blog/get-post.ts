import "server-only";
import type { Locale } from "@/config/routes";
import { listPosts } from "./list-posts";
import type { Post } from "./post-schema";

/**
 * The post at /blog/{slug...} in a language, or null when there is none. A draft counts as none
 * unless `includeDrafts` (editor preview), so a draft's URL gives the same 404 as a typo.
 */
export async function getPost({
  locale,
  slug,
  includeDrafts = false,
}: {
  locale: Locale;
  /** The catch-all route's segments, e.g. ["poradniki", "oswietlenie"]. */
  slug: readonly string[];
  includeDrafts?: boolean;
}): Promise<Post | null> {
  if (slug.length === 0) return null;
  const posts = await listPosts({ locale, includeDrafts });
  return posts.find((post) => post.slug.length === slug.length && post.slug.every((segment, i) => segment === slug[i])) ?? null;
}
