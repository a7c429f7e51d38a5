/**
 * The signed-in pages, one test each: axe (WCAG 2.2 AA) finds nothing in light mode, nor its colour rules in
 * dark mode, and the page's policy blocked nothing it ran (a library probing for eval counts too); then the
 * open account menu. The public pages: accessibility.spec.ts and
 * accessibility-reading.spec.ts.
 */
import { expect } from "@playwright/test";
import { expectNoAxeViolationsInBothModes, signIn, test } from "./support";

for (const path of ["/design", "/generations", "/settings/profile", "/settings/subscriptions", "/settings/api", "/subskrypcje-testowe", "/en/design", "/en/settings/profile"]) {
  test(`${path}: axe in light and dark mode`, async ({ page }) => {
    await signIn(page);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    await page.goto(path);
    await expectNoAxeViolationsInBothModes(page, path);
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}

test("the account menu, open: axe in light and dark mode", async ({ page }) => {
  await signIn(page);
  await page.goto("/en/design");
  await page.getByRole("button", { name: "Account menu" }).click();
  await expectNoAxeViolationsInBothModes(page, "account menu");
});
