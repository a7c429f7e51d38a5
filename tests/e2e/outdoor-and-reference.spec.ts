/**
 * The outdoor modes, the style from a reference photo and 4K through the real UI, in English, on the fake
 * engine (which records what it is asked): a facade, a garden, a sky and a twilight result of the library's
 * exterior, each with its structure score; a reference photo's look given to a three-photo listing (an empty
 * reference refused first), read back from the results' pixels; a result's 4K copy ordered for one token and
 * downloaded at ≥ 3840 px; a sky asked of a photo without one refused, nothing spent.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import type { FakeEngineCall } from "../../src/server/engines/fake-engine";
import { startExtraServer, type ExtraServer } from "./extra-server";
import { expect, signIn, test } from "./support";

const PHONE_PHOTO = path.resolve(import.meta.dirname, "../fixtures/living-room-phone-4032x3024.jpg");

/** Ticks a radio or checkbox by keyboard (the cards draw their own look over the inputs). */
async function choose(control: Locator) {
  await control.focus();
  await control.page().keyboard.press("Space");
  await expect(control).toBeChecked();
}

const mode = (page: Page, name: string) => page.getByRole("radio", { name: new RegExp(`^${name}`) });
/** A result's structure sentence, which names what the photo shows: a room's walls, a building's lines, an outdoor photo's. */
const score = (page: Page) =>
  page.getByText(/(Walls, windows and doors|The building’s lines|The photo’s lines) kept \(\d+%|(The room’s|The building’s|The result’s) lines differ from the photo’s/);

async function generate(page: Page, count: number) {
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(count === 1 ? "Generate 1 visualization?" : `Generate ${count} visualizations?`);
  await dialog.getByRole("button", { name: "Generate", exact: true }).click();
}

/** Red minus blue, on average: how terracotta a picture is. */
async function redness(bytes: Buffer): Promise<number> {
  const { channels } = await sharp(bytes).removeAlpha().stats();
  return channels[0]!.mean - channels[2]!.mean;
}

test.describe("outdoor modes, a reference photo's style and 4K on an AI engine (the fake)", () => {
  test.describe.configure({ mode: "default" });
  let server: ExtraServer;
  let recordDir: string;
  test.beforeAll(async () => {
    recordDir = mkdtempSync(path.join(tmpdir(), "aranzer-e2e-outdoor-"));
    server = await startExtraServer({ GENERATION_ENGINE: "fake", FAKE_ENGINE_SCRIPT: JSON.stringify({ latencyMs: 200 }), FAKE_ENGINE_RECORD_DIR: recordDir });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (recordDir) rmSync(recordDir, { recursive: true, force: true });
  });

  const calls = (): FakeEngineCall[] => {
    try {
      return readFileSync(path.join(recordDir, "calls.jsonl"), "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line) as FakeEngineCall);
    } catch {
      return [];
    }
  };

  test("the library's exterior: a facade, a garden, a sky and a twilight, each with its score; then a result's 4K copy for one token", async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, { baseURL: server.baseURL, locale: "en", tokens: 6 });
    await page.getByRole("tab", { name: "Library" }).click();
    await choose(page.getByRole("tabpanel").getByRole("radio", { name: /^House exterior/ }));

    await choose(mode(page, "Facade"));
    await choose(page.getByRole("checkbox", { name: "Modern", exact: true }));
    await generate(page, 1);
    await expect(score(page)).toHaveCount(1, { timeout: 30_000 });
    // A facade's result speaks of the building, not of walls, windows and doors.
    await expect(score(page)).toHaveText(/The building’s lines/);

    // The room types follow the mode: a garden's are the garden and the terrace.
    await choose(mode(page, "Garden design"));
    await expect(page.getByRole("radio", { name: "House exterior", exact: true })).toHaveCount(0);
    await choose(page.getByRole("radio", { name: "Garden", exact: true }));
    // The facade's Modern stays chosen: a garden has a Modern style of its own too.
    await expect(page.getByRole("checkbox", { name: "Modern", exact: true })).toBeChecked();
    await expect(page.getByText("Cost: 1 token")).toBeVisible();
    await generate(page, 1);
    await expect(score(page)).toHaveCount(2, { timeout: 30_000 });

    await choose(mode(page, "Sky"));
    await choose(page.getByRole("radio", { name: "House exterior", exact: true }));
    await choose(page.getByRole("radio", { name: "Sunset" }));
    await generate(page, 1);
    await expect(score(page)).toHaveCount(3, { timeout: 30_000 });

    await choose(mode(page, "Twilight"));
    await generate(page, 1);
    await expect(score(page)).toHaveCount(4, { timeout: 30_000 });
    await expect(page.getByText("In your account: 2 tokens.")).toBeVisible();
    const made = calls();
    for (const wanted of ["facade", "garden", "sky", "twilight"]) expect(made.some((c) => c.mode === wanted), wanted).toBe(true);
    expect(made.find((c) => c.mode === "sky")?.edit.sky).toBe("sunset");

    // 4K of the twilight: one token, made by the worker while the page waits, downloaded at ≥ 3840 px.
    await page.getByRole("button", { name: /^4K: .*: Twilight$/ }).first().click();
    const hdLink = page.getByRole("link", { name: "Download 4K: Twilight" }).first();
    await expect(hdLink).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("This upscale is a plain resampling: it adds no detail.").first()).toBeVisible();
    const downloading = page.waitForEvent("download");
    await hdLink.click();
    const hd = await sharp((await (await downloading).path())!).metadata();
    expect(Math.max(hd.width ?? 0, hd.height ?? 0)).toBeGreaterThanOrEqual(3840);
    await page.reload();
    await expect(page.getByText("In your account: 1 token.")).toBeVisible();
    // After the reload the card knows the order: the copy's download, not a second order.
    await expect(page.getByRole("link", { name: "Download 4K: Twilight" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: /^4K: .*: Twilight$/ })).toHaveCount(0);
  });

  test("a sky asked of a photo without one: the page says so and nothing is spent", async ({ page }) => {
    await signIn(page, { baseURL: server.baseURL, locale: "en", tokens: 2 });
    // A brick wall filling the frame: no sky anywhere.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><defs><pattern id="b" width="60" height="30" patternUnits="userSpaceOnUse"><rect width="60" height="30" fill="#7a3b2a"/><rect x="1" y="1" width="58" height="13" fill="#8c4632"/><rect x="-29" y="16" width="58" height="13" fill="#843f2e"/><rect x="31" y="16" width="58" height="13" fill="#843f2e"/></pattern></defs><rect width="900" height="600" fill="url(#b)"/></svg>`;
    const wall = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    await page.locator('input[type="file"]:not([capture])').first().setInputFiles({ name: "wall.jpg", mimeType: "image/jpeg", buffer: wall });
    await expect(page.getByText("Photo uploaded.")).toBeVisible({ timeout: 20_000 });
    await choose(mode(page, "Sky"));
    await choose(page.getByRole("radio", { name: "House exterior", exact: true }));
    await generate(page, 1);
    await expect(page.getByText(/This photo shows no sky to replace\..*No token was spent\./)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("In your account: 2 tokens.")).toBeVisible();
  });

  test("a three-photo listing in the look of a reference photo: an empty file refused, then its palette in every result; then a twilight of its exterior alone", async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, { baseURL: server.baseURL, locale: "en", tokens: 5, open: false });
    await page.goto(`${server.baseURL}/en/listings`);
    await page.getByLabel("Name (address or listing reference)").fill("Mokotowska 8");
    await page.getByRole("button", { name: "Create listing" }).click();
    await expect(page).toHaveURL(/\/en\/listings\?id=/);
    const listingId = new URL(page.url()).searchParams.get("id")!;

    const photo = readFileSync(PHONE_PHOTO);
    await page.locator('input[type="file"]').first().setInputFiles(["a.jpg", "b.jpg", "c.jpg"].map((name) => ({ name, mimeType: "image/jpeg", buffer: photo })));
    const photos = page.getByTestId("listing-photo");
    await expect(photos).toHaveCount(3, { timeout: 60_000 });

    await choose(mode(page, "Style from a photo"));
    const reference = page.getByLabel("Choose a reference photo");
    await reference.setInputFiles({ name: "empty.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(0) });
    await expect(page.getByRole("alert").filter({ hasText: "The file is empty." })).toBeVisible({ timeout: 15_000 });
    // A terracotta-and-cream room.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#b4462d"/><rect y="380" width="900" height="220" fill="#f0e6d2"/></svg>`;
    await page.getByLabel("Choose a reference photo").setInputFiles({ name: "liked.png", mimeType: "image/png", buffer: await sharp(Buffer.from(svg)).png().toBuffer() });
    await expect(page.getByText("Reference photo chosen")).toBeVisible({ timeout: 20_000 });

    await page.getByRole("button", { name: "Generate for all photos" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Photos: 3 × variations: 1 = 3 tokens.");
    await dialog.getByRole("button", { name: "Generate for 3 tokens" }).click();
    await expect(page.getByRole("button", { name: "Choose this result" })).toHaveCount(3, { timeout: 60_000 });

    const made = calls().filter((c) => c.mode === "reference");
    expect(made).toHaveLength(3);
    // The reference photo goes with every request, its measured palette in every prompt.
    for (const c of made) {
      expect(c.references).toBeGreaterThanOrEqual(1);
      expect(c.prompt).toMatch(/palette #[0-9a-f]{6} \(\d+ %, mid\), #[0-9a-f]{6} \(\d+ %, light\)/);
    }
    const listing = (await (await page.request.get(`${server.baseURL}/api/listings/${listingId}`)).json()) as { listing: { photos: { image: { url: string }; results: { result: { url: string } | null }[] }[] } };
    const before = await redness(await (await page.request.get(new URL(listing.listing.photos[0]!.image.url, server.baseURL).href)).body());
    for (const p of listing.listing.photos) {
      const result = p.results[0]!.result!;
      const after = await redness(await (await page.request.get(new URL(result.url, server.baseURL).href)).body());
      expect(after).toBeGreaterThan(before + 15);
    }

    // The third photo marked as the house's exterior: a twilight makes it alone, for its one token.
    const twilights = () => calls().filter((c) => c.mode === "twilight").length;
    const twilightsBefore = twilights();
    await page.getByLabel("Room of photo 3").selectOption({ label: "House exterior" });
    await choose(mode(page, "Twilight"));
    await expect(page.getByText("2 photos are of a type this edit is not for and are left as they are, without a token spent on them.")).toBeVisible();
    await page.getByRole("button", { name: "Generate for all photos" }).click();
    await expect(dialog).toContainText("Photos: 1 × variations: 1 = 1 token.");
    await dialog.getByRole("button", { name: "Generate for 1 token" }).click();
    await expect(photos.nth(2).getByRole("button", { name: "Choose this result" })).toHaveCount(2, { timeout: 60_000 });
    await expect(photos.nth(2)).toContainText("Twilight");
    await expect(photos.nth(2)).toContainText("Digitally enhanced");
    await expect(page.getByRole("button", { name: "Choose this result" })).toHaveCount(4);
    expect(twilights()).toBe(twilightsBefore + 1);
  });
});
