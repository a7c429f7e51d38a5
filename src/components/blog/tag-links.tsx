import { Link } from "@/components/link";
import { blogTags, type BlogTag } from "@/config/blog-tags";
import type { Locale } from "@/config/routes";
import { blogListPath } from "@/web/shared/blog-list-path";

/** A post's tags, each a link to the blog list filtered by it. */
export function TagLinks({ tags, locale, label, className }: { tags: readonly BlogTag[]; locale: Locale; label: string; className?: string }) {
  return (
    <ul aria-label={label} className={`flex flex-wrap gap-2 ${className ?? ""}`}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link
            href={blogListPath({ locale, tag })}
            className="inline-flex min-h-6 items-center rounded-full bg-primary-50 px-2.5 text-xs font-medium text-primary-800 underline-offset-2 hover:underline dark:bg-primary-950 dark:text-primary-200"
          >
            {blogTags[tag][locale]}
          </Link>
        </li>
      ))}
    </ul>
  );
}
