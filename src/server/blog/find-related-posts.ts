import "server-only";
import type { Post } from "./post-schema";

/** Below an article: enough to offer a next read, few enough to stay one row. */
export const RELATED_MAX = 3;

/**
 * Posts to read after `post`, from `posts` (the same language's published posts): the most shared
 * tags first, then the newest. Posts sharing no tag come last, so a post with rare tags still gets
 * neighbours while the blog has any.
 */
export function findRelatedPosts({ post, posts, limit = RELATED_MAX }: { post: Post; posts: Post[]; limit?: number }): Post[] {
  const key = (candidate: Post) => candidate.slug.join("/");
  const shared = (candidate: Post) => candidate.tags.filter((tag) => post.tags.includes(tag)).length;
  return posts
    .filter((candidate) => candidate.locale === post.locale && !candidate.draft && key(candidate) !== key(post))
    .map((candidate) => ({ candidate, score: shared(candidate) }))
    .sort((a, b) => b.score - a.score || (a.candidate.date === b.candidate.date ? 0 : a.candidate.date < b.candidate.date ? 1 : -1))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
