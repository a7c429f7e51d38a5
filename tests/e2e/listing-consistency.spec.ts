/**
 * A listing looks like one flat: on the fake engine (which pulls a result halfway towards the mean colour of the
 * reference it is given), the results of three different rooms generated as one listing are closer in colour
 * than the same photos generated one by one on the design's own Generate. Jobs run one at a time, so every
 * photo after the first goes with the first finished result as its reference.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { paletteSpread } from "@/server/listings/palette-spread";
import type { ListingDto } from "@/schemas/listings";
import type { BatchDto } from "@/schemas/generation";
import { startExtraServer, type ExtraServer } from "./extra-server";
import { expect, signIn, test } from "./support";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");
const PHOTOS = ["living-room-phone-4032x3024.jpg", "kitchen-dining-cc0-1600x900.jpg", "bedroom-cc0-1600x1067.jpg"];

test.describe("listing consistency", () => {
  let server: ExtraServer;
  test.beforeAll(async () => {
    server = await startExtraServer({ GENERATION_ENGINE: "fake", FAKE_ENGINE_SCRIPT: JSON.stringify({ latencyMs: 200, concurrency: 1 }) });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a listing's results are closer in palette than the same photos generated independently", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, { baseURL: server.baseURL, tokens: 10, open: false });
    await page.goto(`${server.baseURL}/ogloszenia`);
    await page.getByLabel("Nazwa (adres lub numer oferty)").fill("Spójna 1");
    await page.getByRole("button", { name: "Utwórz ogłoszenie" }).click();
    await expect(page).toHaveURL(/\/ogloszenia\?id=/);
    const listingId = new URL(page.url()).searchParams.get("id")!;

    await page.locator('input[type="file"]').setInputFiles(PHOTOS.map((name) => ({ name, mimeType: "image/jpeg", buffer: readFileSync(path.join(FIXTURES, name)) })));
    await expect(page.getByTestId("listing-photo")).toHaveCount(3, { timeout: 60_000 });
    await page.getByRole("checkbox", { name: "Skandynawski" }).check();
    await page.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Generuj za 3 tokeny" }).click();
    await expect(page.getByRole("button", { name: "Wybierz ten wynik" })).toHaveCount(3, { timeout: 90_000 });
    // The fake engine has the plain resampling for HD, and the page says so.
    await page.getByRole("button", { name: "Wybierz ten wynik" }).first().click();
    await expect(page.getByText("To powiększenie to zwykłe przeskalowanie, bez dodawania szczegółów.")).toBeVisible();

    const bytes = async (url: string) => Buffer.from(await (await page.request.get(new URL(url, server.baseURL).href)).body());
    const { listing } = (await (await page.request.get(`${server.baseURL}/api/listings/${listingId}`)).json()) as { listing: ListingDto };
    const together = await Promise.all(listing.photos.map((p) => bytes(p.results[0]!.result!.url)));

    // The same photos, each on its own Generate.
    const apart: Buffer[] = [];
    for (const photo of listing.photos) {
      // A same-origin request, as the design page's own would be.
      const created = await page.request.post(`${server.baseURL}/api/batches`, {
        headers: { origin: server.baseURL },
        data: { source: { type: "image", imageId: photo.image!.id }, roomType: photo.roomType, styles: ["scandinavian"], requestId: crypto.randomUUID() },
      });
      expect(created.status()).toBe(201);
      const { batch } = (await created.json()) as { batch: BatchDto };
      let result: string | null = null;
      await expect
        .poll(
          async () => {
            const answer = (await (await page.request.get(`${server.baseURL}/api/batches/${batch.id}`)).json()) as { batch: BatchDto };
            result = answer.batch.visualizations[0]?.result?.url ?? null;
            return answer.batch.visualizations[0]?.status;
          },
          { timeout: 60_000 },
        )
        .toBe("succeeded");
      apart.push(await bytes(result!));
    }

    const listingSpread = await paletteSpread({ images: together });
    const independentSpread = await paletteSpread({ images: apart });
    test.info().annotations.push({ type: "palette spread (CIEDE2000)", description: `listing ${listingSpread.toFixed(2)}, independent ${independentSpread.toFixed(2)}` });
    expect(listingSpread).toBeLessThan(independentSpread * 0.75);
  });
});
