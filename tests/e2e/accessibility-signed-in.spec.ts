/**
 * The signed-in pages, one test each: axe (WCAG 2.2 AA) finds nothing in light mode, nor its colour rules in
 * dark mode; then the open account menu. The public pages: accessibility.spec.ts and
 * accessibility-reading.spec.ts.
 */
import { expectNoAxeViolationsInBothModes, signIn, test } from "./support";

for (const path of ["/design", "/generations", "/settings/profile", "/settings/subscriptions", "/subskrypcje-testowe", "/en/design", "/en/settings/profile"]) {
  test(`${path}: axe in light and dark mode`, async ({ page }) => {
    await signIn(page);
    await page.goto(path);
    await expectNoAxeViolationsInBothModes(page, path);
  });
}

test("the account menu, open: axe in light and dark mode", async ({ page }) => {
  await signIn(page);
  await page.goto("/en/design");
  await page.getByRole("button", { name: "Account menu" }).click();
  await expectNoAxeViolationsInBothModes(page, "account menu");
});
