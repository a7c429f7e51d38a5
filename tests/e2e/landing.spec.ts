/** The public face: the landing page shows the product in pictures, and the public generator lets anyone try examples. */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support";

async function expectImagesLoaded(page: Page, selector: string) {
  const images = page.locator(selector);
  await expect(images.first()).toBeVisible();
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
}

/** Ticks a radio by keyboard (the cards draw their own look over the visually hidden inputs). */
async function choose(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press("Space");
  await expect(control).toBeChecked();
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const cases = [
  { locale: "pl", home: "/", generator: "/generator", heroSlider: "Porównanie przed i po: Industrialny", preview: "Przykłady na tej stronie to podglądy zrobione lokalnie, bez AI.", start: "Wypróbuj za darmo", signUp: "/login?tab=register" },
  { locale: "en", home: "/en", generator: "/en/generator", heroSlider: "Before and after: Industrial", preview: "The examples on this page are previews made locally, without AI.", start: "Try it free", signUp: "/en/login?tab=register" },
] as const;

for (const width of [375, 1280]) {
  for (const c of cases) {
    test(`${c.home} at ${width} px shows before/after pictures, styles, pricing and the FAQ`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(c.home);
      const hero = page.getByRole("slider", { name: c.heroSlider });
      await expect(hero).toHaveValue("50");
      // The main picture is fetched first and is sized before it arrives (no layout shift).
      const heroImage = page.locator("figure").first().locator("img").first();
      await expect(heroImage).toHaveAttribute("fetchpriority", "high");
      await expect(heroImage).toHaveAttribute("width", /\d+/);
      await expect(page.getByText(c.preview).first()).toBeVisible();
      await expect(page.getByRole("slider")).toHaveCount(3);
      await expectImagesLoaded(page, "figure img");

      // Both calls to try it free open the login page on its sign-up panel.
      const starts = page.getByRole("link", { name: c.start });
      await expect(starts).toHaveCount(2);
      for (const start of await starts.all()) await expect(start).toHaveAttribute("href", c.signUp);

      // The divider moves by keyboard and by a click on the picture.
      await hero.focus();
      await page.keyboard.press("ArrowLeft");
      await expect(hero).toHaveValue("45");
      const box = (await heroImage.boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.8, box.y + box.height / 2);
      await expect.poll(async () => Number(await hero.inputValue())).toBeGreaterThan(70);

      const styles = page.getByRole("region", { name: /stylów do wyboru|styles to choose from/ });
      await expect(styles.getByRole("listitem")).toHaveCount(30);
      await expect(page.getByRole("region", { name: /Cennik w skrócie|Pricing at a glance/ }).getByRole("listitem")).toHaveCount(3);

      const faq = page.getByRole("region", { name: /Najczęstsze pytania|Frequently asked questions/ });
      const question = faq.getByText(c.locale === "pl" ? "Jak długo przechowujecie moje zdjęcia?" : "How long do you keep my photos?");
      const answer = faq.getByText(c.locale === "pl" ? /^Godzinę\./ : /^One hour\./);
      await expect(answer).toBeHidden();
      await question.click();
      await expect(answer).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  }
}

test("a free start from the landing and pricing pages opens the sign-up panel", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Wypróbuj za darmo" }).first().click();
  await expect(page).toHaveURL(/\/login\?tab=register$/);
  await expect(page.getByRole("link", { name: "Rejestracja" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "Załóż konto" })).toBeVisible();
  await page.goto("/en/pricing");
  await expect(page.getByRole("link", { name: "Start free" })).toHaveAttribute("href", "/en/login?tab=register");
});

test("the public generator shows the chosen example at once and keeps it in the address", async ({ page }) => {
  await page.goto("/generator");
  await expect(page.getByRole("slider", { name: "Porównanie przed i po: Industrialny" })).toBeVisible();
  // A click on a photo's card, a keypress on a style.
  await page.getByText("Kuchnia", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Kuchnia" })).toBeChecked();
  await choose(page, page.getByRole("radio", { name: /^Boho/ }));
  const slider = page.getByRole("slider", { name: "Porównanie przed i po: Boho" });
  await expect(slider).toBeVisible();
  await expect(page.getByTestId("comparison-after")).toHaveAttribute("src", "/showcase/kitchen/boho-1024.webp");
  await expect(page.getByTestId("comparison-after")).toHaveAttribute("alt", "Kuchnia, styl Boho – podgląd wykonany bez AI");
  await expect(page.getByText("Kuchnia, styl Boho", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\?photo=kitchen&style=boho$/);
  // Scripts are running, so the fallback button is gone.
  await expect(page.getByRole("button", { name: "Pokaż aranżację" })).toHaveCount(0);

  // A shared address opens its example; a made-up one falls back to the first.
  await page.goto("/generator?photo=terrace&style=japandi");
  await expect(page.getByRole("radio", { name: "Taras" })).toBeChecked();
  await expect(page.getByTestId("comparison-after")).toHaveAttribute("src", "/showcase/terrace/japandi-1024.webp");
  await page.goto("/generator?photo=__proto__&style=<b>");
  await expect(page.getByTestId("comparison-after")).toHaveAttribute("src", "/showcase/living-room/industrial-1024.webp");

  await page.getByRole("link", { name: "Załóż konto i odbierz 3 darmowe wizualizacje" }).click();
  await expect(page).toHaveURL(/\/login\?tab=register$/);
  await expect(page.getByRole("button", { name: "Załóż konto" })).toBeVisible();
});

test("the public generator in English on a phone: the result above the choices, nothing sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/en/generator");
  const result = page.getByRole("slider", { name: "Before and after: Industrial" });
  await expect(result).toBeVisible();
  const resultTop = (await result.locator("..").boundingBox())!.y;
  expect(resultTop).toBeLessThan((await page.getByRole("group", { name: "Room photo" }).boundingBox())!.y);
  await choose(page, page.getByRole("radio", { name: /^Japandi/ }));
  await expect(page.getByRole("slider", { name: "Before and after: Japandi" })).toBeVisible();
  await expect(page.getByText("These examples are previews made locally, without AI.")).toBeVisible();
  await expectImagesLoaded(page, "figure img");
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole("link", { name: "Sign up and get 3 free visualizations" })).toHaveAttribute("href", "/en/login?tab=register");
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the generator's form shows the chosen example", async ({ page }) => {
    await page.goto("/en/generator");
    await choose(page, page.getByRole("radio", { name: "Bedroom" }));
    await choose(page, page.getByRole("radio", { name: /^Glamour/ }));
    await page.getByRole("button", { name: "Show the redesign" }).click();
    await expect(page).toHaveURL(/\/en\/generator\?photo=bedroom&style=glamour$/);
    await expect(page.getByTestId("comparison-after")).toHaveAttribute("src", "/showcase/bedroom/glamour-1024.webp");
    await expect(page.getByText("Bedroom, Glamour style", { exact: true })).toBeVisible();
  });
});
