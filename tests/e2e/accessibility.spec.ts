/**
 * The product's public pages (the route table's public rows but the reading pages) in both languages: each is
 * served with its language, a heading and hreflang to both languages, and axe (WCAG 2.2 AA) finds nothing —
 * all of axe in light mode, and the colour rules in dark mode once per page layout, on its Polish version.
 * Then the open mobile menu, the login panel in its modes with their errors (and focus kept on the panel when
 * it switches in place), and the open mask editor, in both modes. The legal pages and the blog:
 * accessibility-reading.spec.ts. Signed-in pages: accessibility-signed-in.spec.ts; the guard of the others: routes.spec.ts.
 */
import { expect, expectAccessiblePublicPage, expectNoAxeViolationsInBothModes, READING_PAGES, routeTable, signIn, test, uniqueEmail } from "./support";

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

test("the login panel's modes with their errors: axe in light and dark mode, focus on the new panel after a switch in place", async ({ page }) => {
  await page.goto("/login?tab=register");
  await page.getByLabel("Adres e-mail").fill("nie-adres");
  await page.getByLabel("Hasło", { exact: true }).fill("abc");
  await page.getByRole("button", { name: "Załóż konto" }).click();
  await expect(page.getByText("Wymagane co najmniej 8 znaków.")).toBeVisible();
  // A refused submission puts focus on the first invalid field, which reads out its error.
  await expect(page.getByLabel("Adres e-mail")).toBeFocused();
  await expect(page.getByLabel("Adres e-mail")).toHaveAccessibleDescription("Podaj prawidłowy adres e-mail.");
  await expectNoAxeViolationsInBothModes(page, "sign-up with errors");
  // The pressed button goes with the form: focus lands on the new panel's heading, not at the page's start.
  await page.getByLabel("Adres e-mail").fill(uniqueEmail("panel"));
  await page.getByLabel("Hasło", { exact: true }).fill("dobre-haslo-123");
  await page.getByRole("button", { name: "Załóż konto" }).click();
  await expect(page.getByRole("heading", { name: "Sprawdź skrzynkę" })).toBeFocused();

  await page.getByRole("link", { name: "Wróć do logowania" }).click();
  await expect(page.getByRole("link", { name: "Logowanie" })).toBeFocused();
  await page.getByRole("link", { name: "Nie pamiętasz hasła?" }).click();
  await expect(page.getByRole("heading", { name: "Reset hasła" })).toBeFocused();
  await page.getByLabel("Adres e-mail").fill("nikt@example.test");
  await page.getByRole("button", { name: "Wyślij link" }).click();
  await expect(page.locator("main").getByRole("status")).toContainText("Jeśli konto z tym adresem istnieje");
  await expectNoAxeViolationsInBothModes(page, "forgotten password, link sent");
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
