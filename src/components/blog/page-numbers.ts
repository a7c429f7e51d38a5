/**
 * The page links of a pagination: every page while there are few, else the first, the last and the
 * current one with its neighbours, "gap" standing for the pages left out.
 */
export function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? ["gap" as const, n] : [n]));
}
