/**
 * The proof of a picture through the real UI, in English, on an AI engine (Replicate, its local fake standing
 * in): a staged listing photo exported for CRMLS (the staged photo labelled with a QR code that opens its proof
 * page, the original right after it) and for MLS Now (neither label nor QR code on the image); then the check
 * page recognising the result as downloaded, its copy re-encoded as a portal would (JPEG quality 70, metadata
 * gone), and saying an unrelated photo is not ours. And the owner keeping the listing's originals and proof.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import type { ListingDto } from "@/schemas/listings";
import { FakeReplicate } from "../fakes/replicate";
import { readZip } from "../support/read-zip";
import { startExtraServer, type ExtraServer } from "./extra-server";
import { expect, signIn, test } from "./support";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");

/** The text of a QR code in the image's bottom-left corner, read from its pixels as a phone would. */
async function qrText(jpeg: Buffer): Promise<string | null> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  // The code is at least 96 px with its margin: on a small picture that is more than a third of it.
  const side = Math.min(width, height, Math.max(Math.round(Math.min(width, height) * 0.3), 200));
  const { data, info } = await sharp(jpeg).extract({ left: 0, top: height - side, width: side, height: side }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const corner = jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
  if (corner) return corner;
  // Read from the whole picture as well, as a phone's camera would frame it.
  const whole = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(whole.data), whole.info.width, whole.info.height)?.data ?? null;
}

/** Downloads the listing's ZIP for a portal, as chosen in its select. */
async function exportFor(page: Page, portal: string) {
  await page.getByLabel("Where do the photos go?").selectOption({ label: portal });
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download all (ZIP)" }).click();
  return readZip(readFileSync((await (await downloading).path())!));
}

/** Drops a file on a freshly opened check page and waits for its verdict. */
async function check(page: Page, baseURL: string, buffer: Buffer, name: string) {
  await page.goto(`${baseURL}/en/verify`);
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: "image/jpeg", buffer });
  await expect(page.getByText(/^(This picture was made with Aranżer\.|We found no sign of Aranżer in this picture\.)$/)).toBeVisible({ timeout: 30_000 });
}

test.describe("proof of a listing's pictures", () => {
  test.describe.configure({ mode: "default" });
  const replicate = new FakeReplicate();
  let server: ExtraServer;
  test.beforeAll(async () => {
    replicate.scenario = { ...FakeReplicate.defaults(), startingMs: 100, processingMs: 500 };
    const apiUrl = await replicate.start();
    server = await startExtraServer({ GENERATION_ENGINE: "replicate", REPLICATE_API_TOKEN: replicate.token, REPLICATE_API_URL: apiUrl });
  });
  test.afterAll(async () => {
    await server?.stop();
    await replicate.stop();
  });

  test("CRMLS and MLS Now exports, the QR code's proof page, and the check page on a downloaded, a re-encoded and an unrelated photo", async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, { baseURL: server.baseURL, locale: "en", tokens: 2, open: false });
    await page.goto(`${server.baseURL}/en/listings`);
    await page.getByLabel("Name (address or listing reference)").fill("Main St 5");
    await page.getByRole("button", { name: "Create listing" }).click();
    await expect(page).toHaveURL(/\/en\/listings\?id=/);
    const listingId = new URL(page.url()).searchParams.get("id")!;

    await page.locator('input[type="file"]').setInputFiles({ name: "room.jpg", mimeType: "image/jpeg", buffer: readFileSync(path.join(FIXTURES, "bedroom-cc0-1600x1067.jpg")) });
    await expect(page.getByTestId("listing-photo")).toHaveCount(1, { timeout: 60_000 });
    const stage = page.getByRole("radio", { name: /^Stage an empty room/ });
    await stage.focus();
    await page.keyboard.press("Space");
    await expect(stage).toBeChecked();
    await page.getByRole("checkbox", { name: "Modern", exact: true }).check();
    await page.getByRole("button", { name: "Generate for all photos" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Generate for 1 token" }).click();
    await page.getByRole("button", { name: "Choose this result" }).click({ timeout: 90_000 });

    // CRMLS: the staged photo, its original right after it, and the compliance sheet; the QR code opens the proof page.
    const crmls = await exportFor(page, "CRMLS (California)");
    expect(crmls.map((e) => e.name)).toEqual(["main-st-5-01-living-room-modern.jpg", "main-st-5-01-living-room-original.jpg", "compliance.html"]);
    const proofUrl = await qrText(crmls[0]!.data);
    expect(proofUrl).toMatch(/\/en\/verify\?id=[0-9A-F]{8}$/);
    expect(crmls[2]!.data.toString("utf8")).toContain("CRMLS Rule 11.5.2");

    // MLS Now: no label and no QR code on the image, the disclosure left to the listing's remarks.
    const mlsNow = await exportFor(page, "MLS Now (Ohio)");
    expect(mlsNow.map((e) => e.name)).toEqual(["main-st-5-01-living-room-modern.jpg", "main-st-5-01-living-room-original.jpg", "compliance.html"]);
    expect(await qrText(mlsNow[0]!.data)).toBeNull();
    expect(mlsNow[2]!.data.toString("utf8")).toContain("no label on the image");

    // The owner keeps the originals and the proof for the listing's life, told until when before choosing.
    await page.getByRole("button", { name: "Keep originals and proof" }).click();
    await expect(page.getByRole("dialog")).toContainText("180 days from now");
    await page.getByRole("dialog").getByRole("button", { name: "Keep until then" }).click();
    await expect(page.getByText(/The chosen results and their original photos are kept until/)).toBeVisible();

    // A buyer scans the QR code: the proof page says what was made and shows the original beside it.
    const { pathname, search } = new URL(proofUrl!);
    await page.goto(`${server.baseURL}${pathname}${search}`);
    await expect(page.getByText("This picture was made with Aranżer.")).toBeVisible();
    await expect(page.getByText("What was done: Stage an empty room")).toBeVisible();
    await expect(page.getByRole("img", { name: "The original photo of the room" }).first()).toBeVisible();

    // The check page: the result as downloaded from the listing, then as a portal re-saves it, then someone else's photo.
    const { listing } = (await (await page.request.get(`${server.baseURL}/api/listings/${listingId}`)).json()) as { listing: ListingDto };
    const result = Buffer.from(await (await page.request.get(new URL(listing.photos[0]!.results[0]!.result!.url, server.baseURL).href)).body());
    await check(page, server.baseURL, result, "result.jpg");
    await expect(page.getByText("This picture was made with Aranżer.")).toBeVisible();
    await expect(page.getByText("The signed C2PA manifest is intact: the file has not changed since we handed it out.")).toBeVisible();

    const resaved = await sharp(result).jpeg({ quality: 70 }).toBuffer();
    await check(page, server.baseURL, resaved, "resaved.jpg");
    await expect(page.getByText("This picture was made with Aranżer.")).toBeVisible();
    await expect(page.getByText("The file has no C2PA manifest (portals usually strip metadata when they save a photo).")).toBeVisible();
    await expect(page.getByText("Its pixels carry our invisible watermark with the proof’s number.")).toBeVisible();

    await check(page, server.baseURL, readFileSync(path.join(FIXTURES, "kitchen-dining-cc0-1600x900.jpg")), "kitchen.jpg");
    await expect(page.getByText("We found no sign of Aranżer in this picture.")).toBeVisible();
  });
});
