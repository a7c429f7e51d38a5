/**
 * The product's public pages (the route table's public rows but the reading pages) in both languages: each is
 * served with its language, a heading and hreflang to both languages, and axe (WCAG 2.2 AA) finds nothing —
 * all of axe in light mode, and the colour rules in dark mode once per page layout, on its Polish version.
 * Then the open mobile menu and the open mask editor in both modes. The legal pages and the blog:
 * accessibility-reading.spec.ts. Signed-in pages: accessibility-signed-in.spec.ts; the guard of the others: routes.spec.ts.
 */
import { expect, expectAccessiblePublicPage, expectNoAxeViolationsInBothModes, READING_PAGES, routeTable, signIn, test } from "./support";

test.describe("public pages", () => {
  for (const row of routeTable().filter((row) => row.access === "public" && !READING_PAGES.includes(row.key))) {
    for (const locale of ["pl", "en"] as const) {
      test(`${row.paths[locale]} (${locale}): language, heading, hreflang, axe${locale === "pl" ? " in light and dark mode" : ""}`, async ({ page }) => {
        await expectAccessiblePublicPage(page, row, locale);
      });
    }
  }

  test("the mobile menu, open: axe in light and dark mode", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    await page.getByRole("button", { name: "Otwórz menu" }).click();
    await page.getByRole("dialog").waitFor();
    await expectNoAxeViolationsInBothModes(page, "mobile menu");
  });
});

test("the mask editor open at 375 px, a rectangle marked by keyboard, with the paint colours: axe in light and dark mode", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page);
  await page.getByRole("tab", { name: "Biblioteka" }).click();
  const photo = page.getByRole("tabpanel").getByRole("radio", { name: /^Salon/ });
  await photo.focus();
  await page.keyboard.press("Space");
  const surfaces = page.getByRole("radio", { name: /^Ściany i podłogi/ });
  await surfaces.focus();
  await page.keyboard.press("Space");
  const editor = page.getByRole("application", { name: "Edytor maski" });
  await editor.focus();
  await page.keyboard.press("Enter");
  for (const key of ["Shift+ArrowRight", "Shift+ArrowRight", "Shift+ArrowDown", "Shift+ArrowDown"]) await page.keyboard.press(key);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Zamalowano prostokąt.")).toBeAttached();
  await expectNoAxeViolationsInBothModes(page, "mask editor");
});
