import "server-only";
import type { Post } from "./post-schema";

/** Posts on one page of the blog list: two rows of three on a wide screen. */
export const POSTS_PER_PAGE = 6;

export type PostsPage = { posts: Post[]; page: number; pageCount: number };

/**
 * One page of a list of posts, or null when the page does not exist (beyond the last, or below 1).
 * An empty list still has its first page, which says there is nothing yet.
 */
export function paginatePosts({ posts, page, perPage = POSTS_PER_PAGE }: { posts: Post[]; page: number; perPage?: number }): PostsPage | null {
  const pageCount = Math.max(1, Math.ceil(posts.length / perPage));
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  return { posts: posts.slice((page - 1) * perPage, page * perPage), page, pageCount };
}
