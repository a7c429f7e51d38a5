/**
 * Upload wait benchmark: `npm run bench:upload-wait` (after `npm run build`; this builds nothing).
 *
 * How long a person on a phone waits between choosing the 12 MP phone photo
 * (tests/fixtures/living-room-phone-4032x3024.jpg) and "Photo uploaded", through the design page, with the
 * browser's CPU slowed down 4× (Lighthouse's phone) and its uplink limited by Chromium's network emulation
 * (40 ms latency, UPLINKS Mbit/s). The page shrinks a large JPEG to the stored size before sending it
 * (src/components/design/shrink-photo.ts); for comparison the same photo is chosen declared as unknown bytes,
 * which the page sends whole, as it did before, and the server reads by their content. Production server on
 * PGlite, one account, RUNS uploads of each kind per uplink, alternating.
 *
 * Options: --uplinks=2,5,20 (Mbit/s), --runs=5, --cpu=4 (Chromium's CPU slowdown).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { option } from "./server";
import { launchChromium, loadavg, machine, median, registerInBrowser, root, waitForHydration, withStack } from "./stack";

const PHOTO = path.join(root, "tests/fixtures/living-room-phone-4032x3024.jpg");
const uplinks = (option("uplinks") ?? "2,5,20").split(",").map(Number);
const runs = Number(option("runs") ?? 5);
const cpuSlowdown = Number(option("cpu") ?? 4);

/**
 * Chooses the photo on a fresh design page and waits for "Zdjęcie wgrane.". Declared as a JPEG, the page shrinks
 * it; declared as unknown bytes (which the server tells by their content), it goes whole, as before shrinking.
 */
async function uploadThroughPage(page: Page, baseURL: string, mimeType: string): Promise<number> {
  // A fresh page each time: no photo remembered from the last run (it would open the gallery tab instead).
  await page.evaluate(() => localStorage.removeItem("aranzer.design"));
  await page.goto(`${baseURL}/design`);
  await waitForHydration(page);
  // What the page sends (Chromium does not tell the DevTools protocol a Blob body's size).
  await page.evaluate(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof Blob) (window as unknown as { __sent: number }).__sent = body.size;
      return send.call(this, body);
    };
  });
  const t0 = Date.now();
  await page.locator('input[type="file"]:not([capture])').setInputFiles({ name: "pokoj.jpg", mimeType, buffer: photo });
  await page.getByText("Zdjęcie wgrane.").waitFor({ timeout: 120_000 });
  const waited = Date.now() - t0;
  bytesSent.add(await page.evaluate(() => (window as unknown as { __sent: number }).__sent));
  return waited;
}

const photo = readFileSync(PHOTO);
const bytesSent = new Set<number>();
const started = loadavg();
const rows: string[] = [];
await withStack({ postgres: false, env: { RATE_LIMIT_MULTIPLIER: "50" } }, async (stack) => {
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ locale: "pl-PL", viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
    await registerInBrowser(page, stack, "upload-wait");
    const cdp = await page.context().newCDPSession(page);

    for (const mbps of uplinks) {
      const shrunk: number[] = [];
      const whole: number[] = [];
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: (50e6 / 8) | 0, uploadThroughput: ((mbps * 1e6) / 8) | 0 });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
      for (let run = 0; run < runs; run++) {
        shrunk.push(await uploadThroughPage(page, stack.baseURL, "image/jpeg"));
        whole.push(await uploadThroughPage(page, stack.baseURL, "application/octet-stream"));
      }
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      const line = `| ${mbps} Mbit/s | ${Math.round(median(shrunk))} ms (${shrunk.join(", ")}) | ${Math.round(median(whole))} ms (${whole.map(Math.round).join(", ")}) |`;
      console.log(line);
      rows.push(line);
    }
    console.log(`\nbytes sent: ${[...bytesSent].sort((a, b) => a - b).join(", ")}`);
  } finally {
    await browser.close();
  }
});

console.log(`\n${machine()}; Chromium CPU ${cpuSlowdown}× slower, 40 ms latency; load average ${started} at the start, ${loadavg()} at the end.\n`);
console.log("| Uplink | Chosen → \"Zdjęcie wgrane.\": shrunk in the page (each run) | the same, sent whole (each run) |");
console.log("|---|---:|---:|");
for (const row of rows) console.log(row);
