/**
 * Every public page of the route table in both languages (and a post of each language and the 404 page): it is
 * served with its language, a heading and hreflang to both languages, and axe (WCAG 2.2 AA) finds nothing.
 * Every page gets all of axe in light mode; the colour rules in dark mode run once per page layout, on its
 * Polish version: the English one is the same components with the same colours and other words.
 * Signed-in pages: accounts.spec.ts; the guard of the others: routes.spec.ts.
 */
import { expect, expectNoAxeViolations, expectNoAxeViolationsInBothModes, routeTable, signIn, test } from "./support";

const publicPages = routeTable()
  .filter((row) => row.access === "public")
  .flatMap((row) => (["pl", "en"] as const).map((locale) => ({ path: row.paths[locale], locale, alternates: row.paths })));

test.describe("public pages", () => {
  for (const { path, locale, alternates } of publicPages) {
    test(`${path} (${locale}): language, heading, hreflang, axe${locale === "pl" ? " in light and dark mode" : ""}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("main h1").first()).toBeVisible();
      for (const language of ["pl", "en"] as const) {
        const href = await page.locator(`link[rel="alternate"][hreflang="${language}"]`).getAttribute("href");
        expect(new URL(href ?? "", "http://x").pathname).toBe(alternates[language]);
      }
      if (locale === "pl") await expectNoAxeViolationsInBothModes(page, path);
      else await expectNoAxeViolations(page, path);
    });
  }

  for (const path of ["/blog/jak-przygotowac-zdjecie-pokoju", "/nie-ma-takiej-strony"]) {
    test(`${path}: axe in light and dark mode`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolationsInBothModes(page, path);
    });
  }

  test("/en/blog/how-to-photograph-a-room: axe", async ({ page }) => {
    await page.goto("/en/blog/how-to-photograph-a-room");
    await expectNoAxeViolations(page, "/en/blog/how-to-photograph-a-room");
  });

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
