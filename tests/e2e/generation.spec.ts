/**
 * The product's core journey through the real UI: upload (and a refused file), room and styles, confirm,
 * results arriving live, the balance, /generations; then, on a server with a scripted engine, a failure
 * that refunds, events that arrive one by one through the production server, and images that expire.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { FakeReplicate } from "../fakes/replicate";
import { startExtraServer, type ExtraServer } from "./extra-server";
import { expect, expectNoAxeViolations, signIn, test } from "./support";

const PHONE_PHOTO = path.resolve(import.meta.dirname, "../fixtures/living-room-phone-4032x3024.jpg");
const fileInput = (page: Page) => page.locator('input[type="file"]:not([capture])');

/** Ticks a radio or checkbox by keyboard, as a keyboard user would (the cards draw their own look over the inputs). */
async function choose(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press("Space");
  await expect(control).toBeChecked();
}

test.describe("generation", () => {
  test("upload a phone photo, pick a room and three styles, watch three previews arrive, pay three tokens", async ({ page }) => {
    await signIn(page);
    await expect(page.getByText("Na Twoim koncie: 3 tokeny.")).toBeVisible();
    // A phone's width: nothing sticks out sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A script dressed as a photo is refused with a reason, and nothing is chosen.
    await fileInput(page).setInputFiles({ name: "pokoj.jpg", mimeType: "image/jpeg", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await expect(page.getByRole("region", { name: "Zdjęcie pomieszczenia" }).getByRole("alert")).toContainText("To nie jest zdjęcie");

    // A damaged JPEG: the browser cannot shrink it, so it goes as it is and the server says what is wrong.
    await fileInput(page).setInputFiles({ name: "ucięte.jpg", mimeType: "image/jpeg", buffer: readFileSync(PHONE_PHOTO).subarray(0, 1_200_000) });
    await expect(page.getByRole("region", { name: "Zdjęcie pomieszczenia" }).getByRole("alert")).toContainText("Plik jest niekompletny");

    // The 1.5 MB, 12 MP photo travels at the size the server keeps (1536 px), a fraction of its bytes.
    await page.evaluate(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        if (body instanceof Blob) (window as unknown as { sentBytes: number }).sentBytes = body.size;
        return send.call(this, body);
      };
    });
    await fileInput(page).setInputFiles(PHONE_PHOTO);
    await expect(page.getByText("Zdjęcie wgrane.")).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { sentBytes: number }).sentBytes)).toBeLessThan(600_000);
    await expect(page.getByRole("img", { name: "Twoje zdjęcie pomieszczenia" })).toHaveJSProperty("naturalWidth", 1536);
    await choose(page, page.getByRole("radio", { name: "Salon" }));
    for (const style of ["Skandynawski", "Industrialny", "Boho"]) await choose(page, page.getByRole("checkbox", { name: style }));
    await expect(page.getByText("Koszt: 3 tokeny")).toBeVisible();

    await page.getByRole("button", { name: "Generuj" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Wygenerować 3 wizualizacje?");
    await expectNoAxeViolations(page, "the confirmation dialog");
    await dialog.getByRole("button", { name: "Generuj" }).click();

    const results = page.getByRole("img", { name: /podgląd wykonany bez AI/ });
    await expect(results).toHaveCount(3, { timeout: 30_000 });
    // Said in a live region: the tokens spent are heard, not only seen.
    await expect(page.getByRole("status").filter({ hasText: "Na Twoim koncie: 0 tokenów." })).toBeVisible();
    const sources = await results.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    const bodies = await Promise.all(sources.map(async (src) => (await page.request.get(src)).body()));
    expect(new Set(bodies.map((b) => b.toString("base64"))).size).toBe(3);
    const response = await page.request.get(sources[0]!);
    expect(response.headers()["cache-control"]).toMatch(/^private/);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");

    // Out of tokens: the same choice again is refused before anything is spent, with the way to buy more.
    await page.getByRole("button", { name: "Generuj" }).click();
    await expect(page.getByText("Za mało tokenów")).toBeVisible();
    await expect(page.getByText("Masz 0 tokenów, a ta operacja wymaga 3 tokenów.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Kup tokeny" })).toHaveAttribute("href", "/cennik");

    // Nobody else can fetch them.
    const stranger = await page.context().browser()!.newContext();
    expect((await stranger.request.get(new URL(sources[0]!).href)).status()).toBe(404);
    await stranger.close();

    await page.goto("/generations");
    await expect(page.getByRole("slider").first()).toBeVisible();
    // Each download is named after its room and style, so several can be told apart.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: /Pobierz: Skandynawski/ }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^aranzer-[a-z-]+-skandynawski\.jpg$/);
    await expectNoAxeViolations(page, "/generations with results");
    await page.getByRole("link", { name: /Użyj jako nowego zdjęcia: Boho/ }).click();
    await expect(page).toHaveURL(/\/design\?image=/);
    await expect(page.getByRole("img", { name: "Twoja wizualizacja jako nowe zdjęcie wejściowe" })).toBeVisible();
  });

  test.describe("with a scripted engine", () => {
    let server: ExtraServer;
    test.beforeAll(async () => {
      server = await startExtraServer({
        GENERATION_ENGINE: "fake",
        FAKE_ENGINE_SCRIPT: JSON.stringify({ latencyMs: 1500, progressSteps: 2, concurrency: 1, failures: { glamour: "refused" } }),
      });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test("a refused style refunds its token and says why; events arrive one by one", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, { baseURL: server.baseURL });

      await page.getByRole("tab", { name: "Biblioteka" }).click();
      await choose(page, page.getByRole("tabpanel").getByRole("radio", { name: "Sypialnia" }));
      await expect(page.getByRole("group", { name: "3. Rodzaj pomieszczenia" }).getByRole("radio", { name: "Sypialnia" })).toBeChecked();
      await choose(page, page.getByRole("checkbox", { name: "Glamour" }));
      await page.getByRole("button", { name: "Generuj" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Generuj" }).click();
      await expect(page.getByText("Usługa AI odmówiła")).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText("Token wrócił na Twoje konto.")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Na Twoim koncie: 3 tokeny." })).toBeVisible();

      // Through server.ts (which compresses text): the first result's event comes while the second is still being made.
      const image = (await (await page.request.get(`${server.baseURL}/api/images`)).json()) as { images: { id: string; url: string }[] };
      const sourceId = image.images[0]!.id;
      const seen = await page.evaluate(async (imageId) => {
        const created = await fetch("/api/batches", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ source: { type: "image", imageId }, roomType: "bedroom", styles: ["modern", "boho"], requestId: crypto.randomUUID() }),
        });
        const { batch } = (await created.json()) as { batch: { id: string } };
        return new Promise<{ firstSuccess: string[]; types: string[] }>((resolve) => {
          const types: string[] = [];
          let firstSuccess: string[] = [];
          const source = new EventSource(`/api/batches/${batch.id}/events`);
          source.onmessage = async (message) => {
            const event = JSON.parse(message.data as string) as { type: string };
            types.push(event.type);
            if (event.type === "succeeded" && firstSuccess.length === 0) {
              firstSuccess = ["pending"];
              const state = (await (await fetch(`/api/batches/${batch.id}`)).json()) as { batch: { visualizations: { status: string }[] } };
              firstSuccess = state.batch.visualizations.map((v) => v.status);
            }
          };
          source.addEventListener("done", () => {
            source.close();
            resolve({ firstSuccess, types });
          });
        });
      }, sourceId);
      expect(seen.types.filter((t) => t === "succeeded")).toHaveLength(2);
      expect(seen.firstSuccess).toContain("succeeded");
      expect(seen.firstSuccess.some((status) => status === "queued" || status === "running")).toBe(true);
      // That an image answers 410 once its hour is over, before the sweeper, is proven by the route's own test
      // (tests/unit/api-images.test.ts), without waiting here for an hour to pass.
    });
  });
});

// The same design page with a real AI engine's configuration: Replicate, with its local fake standing in
// (tests/fakes/replicate.ts follows its documented contract): the same design page produces real redesigns
// with live progress.
test.describe("generation with Replicate", () => {
  let server: ExtraServer;
  const replicate = new FakeReplicate();
  test.beforeAll(async () => {
    replicate.scenario = { ...FakeReplicate.defaults(), startingMs: 200, processingMs: 4000, progressLogs: true };
    const apiUrl = await replicate.start();
    server = await startExtraServer({ GENERATION_ENGINE: "replicate", REPLICATE_API_TOKEN: replicate.token, REPLICATE_API_URL: apiUrl });
  });
  test.afterAll(async () => {
    await server?.stop();
    await replicate.stop();
  });

  test("two styles come back as redesigns, with progress on the way and no local-preview label", async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, { baseURL: server.baseURL });
    await expect(page.getByText("Silnik AI nie jest podłączony")).toHaveCount(0);

    await page.getByRole("tab", { name: "Biblioteka" }).click();
    await choose(page, page.getByRole("tabpanel").getByRole("radio", { name: "Sypialnia" }));
    await choose(page, page.getByRole("checkbox", { name: "Skandynawski" }));
    await choose(page, page.getByRole("checkbox", { name: "Japandi" }));
    await page.getByRole("button", { name: "Generuj" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Generuj" }).click();

    // Replicate's progress (its logs, read while the prediction runs) reaches the page.
    await expect(page.getByRole("progressbar", { name: "Postęp: Skandynawski" })).toBeVisible({ timeout: 30_000 });
    for (const style of ["Skandynawski", "Japandi"]) {
      await expect(page.getByRole("img", { name: `Sypialnia, styl ${style} – wizualizacja AI`, exact: true })).toBeVisible({ timeout: 60_000 });
    }
    await expect(page.getByText("Podgląd bez AI")).toHaveCount(0);
    await expect(page.getByText("Na Twoim koncie: 1 token.")).toBeVisible();
    const models = replicate.requests.filter((r) => r.method === "POST" && r.path.includes("/predictions")).map((r) => r.path);
    expect(models).toHaveLength(2);
  });
});
