import "server-only";
import { isBlogTag, type BlogTag } from "@/config/blog-tags";

export type ListQuery = { page: number; tag: BlogTag | null };

/** A page number as people and links write it: 1, 2, … (no 0, 02, +2, 2.0 or 1e1). */
const PAGE = /^[1-9]\d{0,5}$/;

/**
 * The blog list's query (`?page=2`, `?tag=lighting`), or null when it names no page that could exist:
 * a malformed or repeated page number, an unknown or repeated tag. Null answers 404, so that a typo
 * cannot pass for an empty list. Other parameters are ignored.
 */
export function parseListQuery(searchParams: Record<string, string | string[] | undefined>): ListQuery | null {
  const { page, tag } = searchParams;
  if (Array.isArray(page) || Array.isArray(tag)) return null;
  if (page !== undefined && !PAGE.test(page)) return null;
  if (tag !== undefined && !isBlogTag(tag)) return null;
  return { page: page === undefined ? 1 : Number(page), tag: tag ?? null };
}
