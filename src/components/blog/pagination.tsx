import { Link } from "@/components/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { pageNumbers } from "./page-numbers";

type Labels = { nav: string; previous: string; next: string; page: (page: number) => string };

const linkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-gray-200 px-3 text-sm font-medium text-gray-800 hover:bg-gray-100 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800";
const currentClass = "aria-[current=page]:border-primary-700 aria-[current=page]:bg-primary-700 aria-[current=page]:text-white dark:aria-[current=page]:border-primary-300 dark:aria-[current=page]:bg-primary-300 dark:aria-[current=page]:text-gray-950";

/** Previous, the page numbers (the current one marked for screen readers too) and next; nothing for one page. */
export function Pagination({ page, pageCount, href, labels }: { page: number; pageCount: number; href: (page: number) => string; labels: Labels }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link href={href(page - 1)} rel="prev" className={linkClass}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              {labels.previous}
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-600 dark:text-gray-400">
              …
            </li>
          ) : (
            <li key={n}>
              <Link href={href(n)} aria-label={labels.page(n)} aria-current={n === page ? "page" : undefined} className={`${linkClass} ${currentClass}`}>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link href={href(page + 1)} rel="next" className={linkClass}>
              {labels.next}
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
