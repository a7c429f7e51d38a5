"use client";

import { usePathname } from "next/navigation";
import { Languages } from "lucide-react";
import { matchPath, pathFor, type Locale, type StaticRouteKey } from "@/config/routes";
import { useAlternatePaths } from "./alternate-paths";
import { useLayoutLabels } from "@/components/ui/layout-labels-context";

/**
 * Links to the same page in the other language. Pages whose other-language path is not in the route
 * table (blog posts) publish it through AlternatePaths. The cookie is set first, because next-intl
 * would otherwise send an unprefixed (Polish) path back to the remembered English one.
 */
export function LanguageSwitch({ locale, className }: { locale: Locale; className?: string }) {
  const t = useLayoutLabels().nav;
  const pathname = usePathname();
  const alternates = useAlternatePaths();
  const other: Locale = locale === "pl" ? "en" : "pl";
  const match = matchPath(pathname);
  const href =
    alternates?.[other] ??
    (match && match.key !== "/blog/[...slug]" ? pathFor(match.key as StaticRouteKey, other) : pathFor(match?.key === "/blog/[...slug]" ? "/blog" : "/", other));

  // The same page keeps what its address chose (a listing's ?id=, the design page's ?image=). Read when the link
  // is about to be used (pointed at, focused, clicked), so it needs no search parameters while the page renders,
  // and a middle click, a new tab or a copied link keep them too.
  const withSearch = (link: HTMLAnchorElement) => {
    if (match && !alternates?.[other]) link.href = `${href}${window.location.search}`;
  };

  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      aria-label={t.switchToLabel}
      onPointerEnter={(event) => withSearch(event.currentTarget)}
      onFocus={(event) => withSearch(event.currentTarget)}
      onClick={(event) => {
        document.cookie = `NEXT_LOCALE=${other}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
        withSearch(event.currentTarget);
      }}
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white ${className ?? ""}`}
    >
      <Languages aria-hidden="true" className="size-4" />
      {t.switchTo}
    </a>
  );
}
