/**
 * The reading pages — the legal texts and the blog — in both languages, as accessibility.spec.ts checks the
 * product's pages: language, heading, hreflang and axe (WCAG 2.2 AA; the colour rules in dark mode on the
 * Polish version); then a post and the 404 page of each language.
 */
import { expectAccessiblePublicPage, expectNoAxeViolations, expectNoAxeViolationsInBothModes, READING_PAGES, routeTable, test } from "./support";

for (const row of routeTable().filter((row) => row.access === "public" && READING_PAGES.includes(row.key))) {
  for (const locale of ["pl", "en"] as const) {
    test(`${row.paths[locale]} (${locale}): language, heading, hreflang, axe${locale === "pl" ? " in light and dark mode" : ""}`, async ({ page }) => {
      await expectAccessiblePublicPage(page, row, locale);
    });
  }
}

for (const path of ["/blog/jak-przygotowac-zdjecie-pokoju", "/nie-ma-takiej-strony"]) {
  test(`${path}: axe in light and dark mode`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolationsInBothModes(page, path);
  });
}

// The English versions: the same components with other words, so the light mode is enough.
for (const path of ["/en/blog/how-to-photograph-a-room", "/en/no-such-page"]) {
  test(`${path}: axe`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page, path);
  });
}
