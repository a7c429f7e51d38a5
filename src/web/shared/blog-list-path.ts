import type { BlogTag } from "@/config/blog-tags";
import { pathFor, type Locale } from "@/config/routes";

/**
 * The address of a page of the blog list: /blog, /blog?page=2, /en/blog?tag=lighting&page=2.
 * Page 1 has no parameter, so each page has one address (its canonical URL). `preview` keeps an
 * editor's preview parameters on the links they follow.
 */
export function blogListPath({ locale, page = 1, tag = null, preview = false }: { locale: Locale; page?: number; tag?: BlogTag | null; preview?: boolean }): string {
  const query = new URLSearchParams();
  if (tag) query.set("tag", tag);
  if (page > 1) query.set("page", String(page));
  if (preview) {
    query.set("preview", "1");
    query.set("staging", "1");
  }
  const search = query.toString();
  return pathFor("/blog", locale) + (search ? `?${search}` : "");
}
