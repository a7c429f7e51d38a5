/**
 * An agent's listing through the real UI: three photos with their rooms, one style for all (one confirmation,
 * three tokens), a result chosen per photo, the ZIP of labelled JPEGs, an HD copy, and the client's link opened
 * without an account, then revoked; arrivals said in a live region, and axe in both colour modes on the listing
 * and the client's page. On an engine that can, an example photo from the library emptied of its furniture.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { readZip } from "../support/read-zip";
import { startExtraServer, type ExtraServer } from "./extra-server";
import { expect, expectNoAxeViolationsInBothModes, signIn, test } from "./support";

const PHONE_PHOTO = path.resolve(import.meta.dirname, "../fixtures/living-room-phone-4032x3024.jpg");

test("a listing of three photos: one Generate, choices, a labelled ZIP and a client link", async ({ page, browser }) => {
  test.setTimeout(180_000);
  // Three tokens for the photos, one for the HD copy.
  await signIn(page, { tokens: 4, open: false });
  await page.goto("/ogloszenia");
  await page.getByLabel("Nazwa (adres lub numer oferty)").fill("Złota 44/12");
  await page.getByRole("button", { name: "Utwórz ogłoszenie" }).click();
  await expect(page).toHaveURL(/\/ogloszenia\?id=/);
  await expect(page).toHaveTitle(/^Złota 44\/12 · Ogłoszenia/);

  const photo = readFileSync(PHONE_PHOTO);
  await page.locator('input[type="file"]').setInputFiles(["a.jpg", "b.jpg", "c.jpg"].map((name) => ({ name, mimeType: "image/jpeg", buffer: photo })));
  const photos = page.getByTestId("listing-photo");
  await expect(photos).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: "Dodano 3 zdjęcia." })).toBeAttached();
  await photos.nth(1).getByLabel("Pomieszczenie").selectOption({ label: "Kuchnia" });
  await expect(photos.nth(1).getByLabel("Pomieszczenie")).toHaveValue("kitchen");
  await photos.nth(2).getByLabel("Pomieszczenie").selectOption({ label: "Sypialnia" });
  await expect(photos.nth(2).getByLabel("Pomieszczenie")).toHaveValue("bedroom");

  // The local engine cannot stage or declutter: offered disabled, with what they need, as on the design page.
  await expect(page.getByRole("radio", { name: /Opróżnij pokój/ })).toBeDisabled();
  await expect(page.getByText("Wyszarzone tryby wymagają silnika AI.")).toBeVisible();
  await page.getByRole("checkbox", { name: "Skandynawski" }).check();
  await page.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Zdjęcia: 3 × style: 1 × warianty: 1 = 3 tokeny. Saldo: 4 tokeny, po wygenerowaniu: 1 token.");
  await dialog.getByRole("button", { name: "Generuj za 3 tokeny" }).click();
  // The header's account menu follows the spend.
  await page.getByRole("button", { name: "Menu konta" }).click();
  await expect(page.getByRole("menuitem", { name: /1 token/ })).toBeVisible();
  await page.keyboard.press("Escape");

  const choose = page.getByRole("button", { name: "Wybierz ten wynik" });
  await expect(choose).toHaveCount(3, { timeout: 60_000 });
  // Results arrive over their batches' event streams; what came is said in the live region, as on the design page.
  await expect(page.getByRole("status").filter({ hasText: /Zdjęcie \d: .+, Skandynawski: gotowe/ })).toBeAttached();
  await expect(page.getByText(/Ściany, okna i drzwi zachowane \(\d+% linii zdjęcia\)/)).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await choose.first().click();
    await expect(page.getByRole("button", { name: "Wybrany" })).toHaveCount(i + 1);
  }

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Pobierz wszystkie (ZIP)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("zlota-44-12.zip");
  const entries = readZip(readFileSync((await download.path())!));
  expect(entries.map((e) => e.name)).toEqual(["zlota-44-12-01-salon-skandynawski.jpg", "zlota-44-12-02-kuchnia-skandynawski.jpg", "zlota-44-12-03-sypialnia-skandynawski.jpg"]);
  // The label's dark plate in the bottom-right corner carries white letters, and the file says it is made by AI.
  const labelPlate = async (jpeg: Buffer) => {
    const { width = 0, height = 0 } = await sharp(jpeg).metadata();
    const font = Math.round(Math.min(width, height) * 0.03);
    const plate = await sharp(jpeg)
      .extract({ left: width - Math.round(font * 1.4) - font * 6, top: height - Math.round(font * 2.4), width: font * 6, height: Math.round(font * 0.8) })
      .greyscale()
      .raw()
      .toBuffer();
    return { brightest: Math.max(...plate), darkest: Math.min(...plate) };
  };
  const zipPlate = await labelPlate(entries[0]!.data);
  expect(zipPlate.brightest).toBeGreaterThan(200);
  expect(zipPlate.darkest).toBeLessThan(110);
  expect((await sharp(entries[0]!.data).metadata()).xmp?.toString("utf8")).toContain("digitalsourcetype/");

  // HD of the first photo: ordered for one token, made by the worker while the page waits, then downloaded.
  await photos.first().getByRole("button", { name: "4K: powiększ do co najmniej 3840 px (1 token)" }).click();
  const hdLink = photos.first().getByRole("link", { name: "Pobierz 4K" });
  await expect(hdLink).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: "Kopia 4K zdjęcia 1 gotowa" })).toBeAttached();
  const hdDownloading = page.waitForEvent("download");
  await hdLink.click();
  const hd = await sharp((await (await hdDownloading).path())!).metadata();
  expect(Math.max(hd.width ?? 0, hd.height ?? 0)).toBeGreaterThanOrEqual(3840);

  await page.getByRole("button", { name: "Utwórz link" }).click();
  // The new link takes the focus, ready to copy.
  await expect(page.getByTestId("share-link")).toBeFocused();
  const link = await page.getByTestId("share-link").inputValue();
  expect(link).toMatch(/\/p\/[A-Za-z0-9_-]{32}$/);
  await expectNoAxeViolationsInBothModes(page, "a listing with results, choices, HD and a client link");

  const client = await browser.newContext();
  const clientPage = await client.newPage();
  const opened = await clientPage.goto(link);
  expect(opened!.status()).toBe(200);
  // The token is traded for a cookie: the address the client sees, keeps in history and hands to scripts is the link's id.
  const token = link.split("/p/")[1]!;
  expect(clientPage.url()).toMatch(/\/p\/[A-Za-z0-9_-]{22}$/);
  expect(clientPage.url()).not.toContain(token);
  expect(await clientPage.evaluate(() => location.href + document.referrer)).not.toContain(token);
  // A messenger's preview bot gets the page too (noindex), not the crawlers' plain 404.
  const preview = await clientPage.request.get(link, { headers: { "user-agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" } });
  expect(preview.status()).toBe(200);
  await expect(clientPage.getByTestId("shared-item")).toHaveCount(3);
  // The label is in the client's image file itself, so a saved copy carries it too.
  const shownResult = clientPage.getByTestId("shared-item").first().locator('img[src*="locale="]').first();
  const clientFile = await clientPage.request.get(new URL((await shownResult.getAttribute("src"))!, link).href);
  const clientPlate = await labelPlate(await clientFile.body());
  expect(clientPlate.brightest).toBeGreaterThan(200);
  expect(clientPlate.darkest).toBeLessThan(110);
  await expect(clientPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectNoAxeViolationsInBothModes(clientPage, "the client's page");
  // The language switch leads to the same proposal in English, not to the home page (a visitor of their own:
  // the switch remembers the language in a cookie).
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(link);
  const clean = readerPage.url();
  await readerPage.getByRole("link", { name: "Switch to English" }).click();
  await expect(readerPage).toHaveURL(clean.replace(/\/p\//, "/en/p/"));
  await expect(readerPage.getByTestId("shared-item")).toHaveCount(3);
  await reader.close();

  // Revoking cannot be undone: asked first, in the page's own dialog.
  await page.getByRole("button", { name: "Unieważnij" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Unieważnij" }).click();
  await expect(page.getByText("Unieważniony")).toBeVisible();
  expect((await clientPage.goto(link))!.status()).toBe(404);
  // The client is told what became of the link, not the site's "page not found", in the tab's title too.
  await expect(clientPage.getByRole("heading", { level: 1, name: "Ten link nie działa" })).toBeVisible();
  await expect(clientPage).toHaveTitle(/Ten link nie działa/);
  await client.close();
  // The workspace in English is the same listing.
  const listingUrl = new URL(page.url());
  const switchLink = page.getByRole("link", { name: "Switch to English" });
  // Pointed at, the link itself names the listing (a new tab or a copied link opens the same one).
  await switchLink.hover();
  await expect(switchLink).toHaveAttribute("href", `/en/listings${listingUrl.search}`);
  await switchLink.click();
  await expect(page).toHaveURL(`${listingUrl.origin}/en/listings${listingUrl.search}`);
});

test("an unknown listing says so, with the way back to the list", async ({ page }) => {
  await signIn(page, { open: false });
  expect((await page.goto("/ogloszenia?id=no-such-listing"))!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Nie ma takiego ogłoszenia" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Wszystkie ogłoszenia" }).click();
  await expect(page).toHaveURL(/\/ogloszenia$/);
});

test.describe("on an engine that declutters", () => {
  let server: ExtraServer;
  test.beforeAll(async () => {
    server = await startExtraServer({ GENERATION_ENGINE: "fake", FAKE_ENGINE_SCRIPT: JSON.stringify({ latencyMs: 200 }) });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("an example photo from the library, emptied of everything movable for one token", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, { baseURL: server.baseURL, tokens: 1, open: false });
    await page.goto(`${server.baseURL}/ogloszenia`);
    await page.getByLabel("Nazwa (adres lub numer oferty)").fill("Pusta 2");
    await page.getByRole("button", { name: "Utwórz ogłoszenie" }).click();
    await expect(page).toHaveURL(/\/ogloszenia\?id=/);

    await page.getByRole("button", { name: "Z biblioteki przykładów" }).click();
    await page.getByRole("dialog").locator("label", { hasText: "Kuchnia" }).click();
    const photos = page.getByTestId("listing-photo");
    await expect(photos).toHaveCount(1);
    await expect(photos.first().getByLabel("Pomieszczenie")).toHaveValue("kitchen");

    await page.getByRole("radio", { name: /Opróżnij pokój/ }).check();
    await page.getByRole("radio", { name: "Wszystko, co ruchome" }).check();
    await expect(page.getByRole("checkbox", { name: "Skandynawski" })).toHaveCount(0);
    await page.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Zdjęcia: 1 × warianty: 1 = 1 token.");
    await dialog.getByRole("button", { name: "Generuj za 1 token" }).click();

    const result = page.getByTestId("listing-result");
    await expect(result.getByRole("button", { name: "Wybierz ten wynik" })).toBeVisible({ timeout: 60_000 });
    await expect(result).toContainText("Opróżniony pokój");
    await expect(result.getByRole("img", { name: "Kuchnia, Opróżniony pokój – podgląd wykonany bez AI" })).toBeVisible();
    await expect(result.getByText(/Ściany, okna i drzwi zachowane/)).toBeVisible();
  });
});
