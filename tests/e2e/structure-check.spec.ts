/**
 * The structure check on an AI engine, through the real UI in English. Real before/after pairs cannot ship
 * with the repository, so the fake engine is scripted with pairs our own code makes from the CC0 kitchen photo
 * of tests/fixtures: one style redraws only the furniture (the lower middle filled from around it and a new
 * sofa drawn there), the other draws a window on the plainest stretch of wall. The first is not flagged and
 * shows its score; the second is flagged, says in words that a window appeared, and marks it on the
 * before/after, with its free remake offered.
 */
import path from "node:path";
import type { Locator } from "@playwright/test";
import { startExtraServer, type ExtraServer } from "./extra-server";
import { expect, expectNoAxeViolationsInBothModes, signIn, test } from "./support";

const KITCHEN = path.resolve(import.meta.dirname, "../fixtures/kitchen-dining-cc0-1600x900.jpg");

async function choose(control: Locator) {
  await control.focus();
  await control.page().keyboard.press("Space");
  await expect(control).toBeChecked();
}

test.describe("the structure check on an AI engine (the fake, scripted with pairs made from a CC0 photo)", () => {
  let server: ExtraServer;
  test.beforeAll(async () => {
    server = await startExtraServer({
      GENERATION_ENGINE: "fake",
      FAKE_ENGINE_SCRIPT: JSON.stringify({ latencyMs: 200, structure: { modern: "furniture", minimalist: "window" } }),
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a restyle that changed only the furniture is not flagged; one with a new window is, and shows the window", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, { baseURL: server.baseURL, locale: "en", tokens: 3 });
    await page.locator('input[type="file"]:not([capture])').setInputFiles(KITCHEN);
    await expect(page.getByText("Photo uploaded.")).toBeVisible({ timeout: 20_000 });
    await choose(page.getByRole("radio", { name: "Kitchen", exact: true }));
    await choose(page.getByRole("checkbox", { name: "Modern", exact: true }));
    await choose(page.getByRole("checkbox", { name: "Minimalist", exact: true }));
    await page.getByRole("button", { name: "Generate", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Generate", exact: true }).click();

    const furniture = page.getByRole("article", { name: "Modern" });
    await expect(furniture.getByText(/Walls, windows and doors kept \(\d+%/)).toBeVisible({ timeout: 30_000 });
    await expect(furniture.getByRole("img", { name: "What differs from the photo, marked on the picture" })).toHaveCount(0);

    const window = page.getByRole("article", { name: "Minimalist" });
    await expect(window.getByText(/The room’s lines differ from the photo’s \(only \d+% kept\)/)).toBeVisible({ timeout: 30_000 });
    await expect(window.getByText(/What may have changed \(an automatic estimate\): .*a window appeared/)).toBeVisible();
    await expect(window.getByRole("img", { name: "What differs from the photo, marked on the picture" })).toBeVisible();
    await expect(window.getByRole("button", { name: "Make again for free: Minimalist" })).toBeVisible();
    await expectNoAxeViolationsInBothModes(page, "a result flagged with what differs");
  });
});
