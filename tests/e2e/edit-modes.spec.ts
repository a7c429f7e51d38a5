/**
 * The edit modes through the real UI, in English. With the local engine: a wall of the phone photo brushed
 * with the mouse and painted an exact colour (read back pixel by pixel: that colour inside, the photo
 * outside), and a brushed object removed, labelled as a preview made without AI. With the fake engine
 * (which records what it was asked): staging, decluttering with a keep list, replacing a brushed area with a
 * text, three variations for three tokens, and a warped result flagged (axe in both colour modes) and made again
 * without spending, focus kept on the card.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page, Response } from "@playwright/test";
import sharp from "sharp";
import type { FakeEngineCall } from "../../src/server/engines/fake-engine";
import { startExtraServer, type ExtraServer } from "./extra-server";
import { expect, expectNoAxeViolationsInBothModes, signIn, test } from "./support";

const PHONE_PHOTO = path.resolve(import.meta.dirname, "../fixtures/living-room-phone-4032x3024.jpg");
const PAINT = "#2E5E4E";

type Box = { x0: number; y0: number; x1: number; y1: number };
type StoredImage = { id: string; url: string; width: number; height: number };

/** Ticks a radio or checkbox by keyboard (the cards draw their own look over the inputs). */
async function choose(control: Locator) {
  await control.focus();
  await control.page().keyboard.press("Space");
  await expect(control).toBeChecked();
}

const mode = (page: Page, name: string) => page.getByRole("radio", { name: new RegExp(`^${name}`) });

/** Paints `box` (fractions of the canvas) with the mouse: one stroke, back and forth. */
async function brush(page: Page, box: Box) {
  const canvas = page.getByRole("application", { name: "Mask editor" });
  await canvas.scrollIntoViewIfNeeded();
  const rect = (await canvas.boundingBox())!;
  const x = (f: number) => rect.x + rect.width * f;
  const y = (f: number) => rect.y + rect.height * f;
  await page.mouse.move(x(box.x0), y(box.y0));
  await page.mouse.down();
  const rows = Math.ceil(((box.y1 - box.y0) * rect.height) / 8);
  for (let row = 0; row <= rows; row++) {
    const at = y(box.y0 + ((box.y1 - box.y0) * row) / rows);
    await page.mouse.move(row % 2 ? x(box.x0) : x(box.x1), at, { steps: 6 });
    if (row < rows) await page.mouse.move(row % 2 ? x(box.x0) : x(box.x1), y(box.y0 + ((box.y1 - box.y0) * (row + 1)) / rows), { steps: 2 });
  }
  await page.mouse.up();
}

/** Clicks Generate and confirms; resolves with the mask upload's answer (mask and source), if one was sent. */
async function generate(page: Page, count: number): Promise<{ image: StoredImage; source: StoredImage } | null> {
  await page.getByRole("button", { name: "Generate", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(count === 1 ? "Generate 1 visualization?" : `Generate ${count} visualizations?`);
  const masked = page.waitForResponse((r) => r.url().includes("/api/masks") && r.request().method() === "POST", { timeout: 15_000 }).catch(() => null);
  await dialog.getByRole("button", { name: "Generate", exact: true }).click();
  const response: Response | null = await Promise.race([masked, page.waitForResponse((r) => r.url().endsWith("/api/batches") && r.request().method() === "POST").then(() => null)]);
  if (!response) return null;
  expect(response.status()).toBeLessThan(300);
  return (await response.json()) as { image: StoredImage; source: StoredImage };
}

async function rgb(page: Page, url: string, width?: number, height?: number) {
  const response = await page.request.get(new URL(url, page.url()).href);
  expect(response.status(), url).toBe(200);
  let image = sharp(await response.body()).removeAlpha().toColourspace("srgb");
  if (width && height) image = image.resize(width, height, { fit: "fill" });
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

test.describe("edit modes on the local engine", () => {
  test("a brushed wall of the phone photo comes out exactly #2E5E4E with its light kept, the rest untouched", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, { locale: "en" });
    await page.locator('input[type="file"]:not([capture])').setInputFiles(PHONE_PHOTO);
    await expect(page.getByText("Photo uploaded.")).toBeVisible({ timeout: 20_000 });
    await choose(mode(page, "Walls and floors"));
    // The upper left of the photo: wall.
    await brush(page, { x0: 0.05, y0: 0.05, x1: 0.4, y1: 0.35 });
    await page.getByLabel("Or an exact colour (hex)").fill(PAINT);
    await choose(page.getByRole("radio", { name: "Living room" }));
    await expect(page.getByText("Cost: 1 token")).toBeVisible();
    const sent = await generate(page, 1);
    expect(sent).not.toBeNull();

    const result = page.getByRole("img", { name: /preview made without AI/ });
    await expect(result).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByText(/Walls, windows and doors kept \(\d+% of the photo’s lines\)/)).toBeVisible();
    const src = await result.evaluate((image) => (image as HTMLImageElement).src);
    const after = await rgb(page, src);
    const mask = await rgb(page, sent!.image.url, after.width, after.height);
    const before = await rgb(page, sent!.source.url, after.width, after.height);

    // The mask is what was brushed: the brushed box's middle is marked, the far corner is not.
    const maskAt = (fx: number, fy: number) => mask.data[(Math.floor(fy * mask.height) * mask.width + Math.floor(fx * mask.width)) * mask.channels]!;
    expect(maskAt(0.22, 0.2)).toBeGreaterThan(127);
    expect(maskAt(0.9, 0.9)).toBeLessThan(128);

    const inside = { sum: [0, 0, 0], sq: 0, n: 0 };
    let outsideDiff = 0;
    let outsideN = 0;
    for (let p = 0; p < after.width * after.height; p++) {
      const m = mask.data[p * mask.channels]!;
      const [r, g, b] = [0, 1, 2].map((c) => after.data[p * 3 + c]!) as [number, number, number];
      if (m > 250) {
        inside.sum[0]! += r;
        inside.sum[1]! += g;
        inside.sum[2]! += b;
        inside.sq += (0.2126 * r + 0.7152 * g + 0.0722 * b) ** 2;
        inside.n++;
      } else if (m < 5) {
        for (let c = 0; c < 3; c++) outsideDiff += Math.abs(after.data[p * 3 + c]! - before.data[p * 3 + c]!);
        outsideN += 3;
      }
    }
    expect(inside.n).toBeGreaterThan(after.width * after.height * 0.05);
    const mean = inside.sum.map((s) => s / inside.n);
    const target = [0x2e, 0x5e, 0x4e];
    for (let c = 0; c < 3; c++) expect(Math.abs(mean[c]! - target[c]!), `channel ${c}: ${mean.map(Math.round)} vs ${target}`).toBeLessThanOrEqual(3);
    // Light and shadow survive as variation around the colour, not a flat fill.
    const meanLuma = 0.2126 * mean[0]! + 0.7152 * mean[1]! + 0.0722 * mean[2]!;
    expect(Math.sqrt(inside.sq / inside.n - meanLuma ** 2)).toBeGreaterThan(1.5);
    // Outside: the photo as it was (up to the image encoding's noise).
    expect(outsideDiff / outsideN).toBeLessThan(2);
  });

  test("a brushed object is removed, as a preview made without AI", async ({ page }) => {
    await signIn(page, { locale: "en" });
    await page.getByRole("tab", { name: "Library" }).click();
    await choose(page.getByRole("tabpanel").getByRole("radio", { name: /^Living room/ }));
    await choose(mode(page, "Edit a region"));
    await brush(page, { x0: 0.45, y0: 0.55, x1: 0.6, y1: 0.75 });
    await expect(page.getByRole("radio", { name: /^Remove it/ })).toBeChecked();
    await generate(page, 1);
    const result = page.getByRole("img", { name: /preview made without AI/ });
    await expect(result).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByText("Preview made without AI", { exact: true })).toBeVisible();
    await expect(page.getByText(/Walls, windows and doors kept/)).toBeVisible();
  });
});

test.describe("edit modes on an AI engine (the fake, which records what it is asked)", () => {
  test.describe.configure({ mode: "default" });
  let server: ExtraServer;
  let recordDir: string;
  test.beforeAll(async () => {
    recordDir = mkdtempSync(path.join(tmpdir(), "aranzer-e2e-record-"));
    server = await startExtraServer({
      GENERATION_ENGINE: "fake",
      FAKE_ENGINE_SCRIPT: JSON.stringify({ latencyMs: 200, warp: ["boho"], warpOnce: true }),
      FAKE_ENGINE_RECORD_DIR: recordDir,
    });
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

  async function start(page: Page, tokens = 3) {
    await signIn(page, { baseURL: server.baseURL, locale: "en", tokens });
    await page.getByRole("tab", { name: "Library" }).click();
    await choose(page.getByRole("tabpanel").getByRole("radio", { name: /^Living room/ }));
  }
  // The fake engine labels its results as previews, as the local one does (src/config/engines.ts).
  const aiResults = (page: Page) => page.getByRole("img", { name: / – (AI visualization|preview made without AI)$/ });

  test("stage an empty room in one style", async ({ page }) => {
    await start(page);
    await choose(mode(page, "Stage an empty room"));
    await choose(page.getByRole("checkbox", { name: "Modern", exact: true }));
    await generate(page, 1);
    await expect(aiResults(page)).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByText(/Walls, windows and doors kept \(\d+%/)).toBeVisible();
    expect(calls().some((call) => call.mode === "stage" && call.styleId === "modern")).toBe(true);
  });

  test("declutter keeping the sofa: the engine is told to keep it", async ({ page }) => {
    await start(page);
    await choose(mode(page, "Declutter"));
    await page.getByLabel("Keep (optional)").fill("the sofa");
    await generate(page, 1);
    await expect(aiResults(page)).toHaveCount(1, { timeout: 20_000 });
    const call = calls().find((c) => c.mode === "declutter");
    expect(call?.edit.keep).toBe("the sofa");
  });

  test("replace a brushed area with a green velvet armchair: the engine gets the mask and the text", async ({ page }) => {
    await start(page);
    await choose(mode(page, "Edit a region"));
    await brush(page, { x0: 0.3, y0: 0.5, x1: 0.5, y1: 0.8 });
    await choose(page.getByRole("radio", { name: /^Replace it with/ }));
    await page.getByLabel("Replace with").fill("a green velvet armchair");
    await generate(page, 1);
    await expect(aiResults(page)).toHaveCount(1, { timeout: 20_000 });
    const call = calls().find((c) => c.mode === "replace");
    expect(call?.edit.text).toBe("a green velvet armchair");
    expect(call?.mask).toBeTruthy();
    const { data, info } = await sharp(path.join(recordDir, call!.mask!)).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const at = (fx: number, fy: number) => data[Math.floor(fy * info.height) * info.width + Math.floor(fx * info.width)]!;
    expect(at(0.4, 0.65)).toBeGreaterThan(127);
    expect(at(0.9, 0.1)).toBeLessThan(128);
  });

  test("three variations of one style: three results for three tokens", async ({ page }) => {
    await start(page, 5);
    await choose(page.getByRole("checkbox", { name: "Minimalist", exact: true }));
    await page.getByLabel("Variations of each").selectOption("3");
    await expect(page.getByText("Cost: 3 tokens")).toBeVisible();
    await generate(page, 3);
    await expect(aiResults(page)).toHaveCount(3, { timeout: 20_000 });
    await expect(page.getByText("In your account: 2 tokens.")).toBeVisible();
  });

  test("a warped result is flagged and made again without spending", async ({ page }) => {
    await start(page);
    await choose(page.getByRole("checkbox", { name: "Boho", exact: true }));
    await generate(page, 1);
    await expect(page.getByText(/The room’s lines differ from the photo’s \(only \d+% kept\)/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("In your account: 2 tokens.")).toBeVisible();
    await expectNoAxeViolationsInBothModes(page, "a flagged result");
    await page.getByRole("button", { name: "Make again for free: Boho" }).click();
    await expect(aiResults(page)).toHaveCount(2, { timeout: 20_000 });
    // The button gives way to the sentence, which takes its focus.
    await expect(page.getByText("Made again for free: the new version is shown alongside.")).toBeFocused();
    await expect(page.getByText(/Walls, windows and doors kept \(\d+%/)).toBeVisible();
    await page.reload();
    await expect(page.getByText("In your account: 2 tokens.")).toBeVisible();
  });
});
