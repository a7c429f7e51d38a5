/** axe (WCAG 2.2 AA) on every public page, in both languages and both colour modes. Signed-in pages: accounts.spec.ts. */
import { expectNoAxeViolations, routeTable, setColorMode, test } from "./support";

const publicPaths = routeTable()
  .filter((row) => row.access === "public")
  .flatMap((row) => [row.paths.pl, row.paths.en]);
publicPaths.push("/blog/jak-przygotowac-zdjecie-pokoju", "/en/blog/how-to-photograph-a-room", "/nie-ma-takiej-strony");

for (const mode of ["light", "dark"] as const) {
  test.describe(`axe in ${mode} mode`, () => {
    for (const path of publicPaths) {
      test(path, async ({ page }) => {
        await setColorMode(page, mode);
        await page.goto(path);
        await expectNoAxeViolations(page, `${path} (${mode})`);
      });
    }

    test("the mobile menu, open", async ({ page }) => {
      await setColorMode(page, mode);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/");
      await page.getByRole("button", { name: "Otwórz menu" }).click();
      await page.getByRole("dialog").waitFor();
      await expectNoAxeViolations(page, `mobile menu (${mode})`);
    });
  });
}
