/**
 * Dead clicks before hydration: `npm run bench:hydration` (after `npm run build`). Decision record 0004 defers
 * the page's scripts until the first paint; this measures what a person on a mid-range phone gains or loses by
 * it. Two production servers from the same build, one with HYDRATE_AFTER_FIRST_PAINT=true, loaded in turn,
 * N cold loads each in Debian's Chromium as Lighthouse's mobile profile (412 × 823, CPU 4× slower, 150 ms round
 * trip, 1.6 Mbit/s down). On `/` a person taps the before/after picture as soon as it is on screen, and again
 * every 50 ms until the divider moves (it needs React). Reported per variant, median over loads:
 *   - first paint (FCP), when the picture was laid out, and when its bytes had arrived (FCP and arrival on the
 *     page's clock, the rest from the start of the navigation as the script sees it),
 *   - when a tap first worked (the first interaction that responds),
 *   - the dead-tap window: from the picture on screen to the first tap that worked.
 *
 * Options: --loads=N (default 7), --port=N (default 3209; the second server takes the next port).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../scripts/ensure-chromium.mjs";
import { productionServerEnv } from "../scripts/production-server-env";
import { option } from "./server";

const loads = Number(option("loads") ?? 7);
const port = Number(option("port") ?? 3209);
const root = path.resolve(import.meta.dirname, "..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const variants = [
  { name: "after the first paint (HYDRATE_AFTER_FIRST_PAINT=true)", port, defer: "true" },
  { name: "as Next writes them (the default)", port: port + 1, defer: "false" },
];

const servers = variants.map((variant) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aranzer-hydration-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: { ...process.env, ...productionServerEnv(variant.port, dataDir), HYDRATE_AFTER_FIRST_PAINT: variant.defer },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { child, dataDir };
});

type Load = { fcp: number; visible: number; pictureLoaded: number; responds: number; taps: number };

async function oneLoad(page: Page, url: string): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  const start = Date.now();
  await page.goto(url, { waitUntil: "commit" });
  const picture = page.locator("figure img").first();
  let visible = NaN;
  while (Number.isNaN(visible)) {
    const box = await picture.boundingBox().catch(() => null);
    if (box && box.width > 0) visible = Date.now() - start;
    else await sleep(20);
  }
  let taps = 0;
  let responds = NaN;
  while (Number.isNaN(responds)) {
    const box = await picture.boundingBox();
    if (box) await page.mouse.click(box.x + box.width * 0.85, box.y + box.height / 2);
    taps++;
    const value = await page.locator('input[type="range"]').first().inputValue();
    if (value !== "50") responds = Date.now() - start;
    else await sleep(50);
    if (Date.now() - start > 60_000) throw new Error("no tap worked within 60 s");
  }
  const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN);
  // When the picture itself had arrived (its resource timing), as the navigation's clock counts it.
  const pictureLoaded = await page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>("figure img");
    const entry = img ? (performance.getEntriesByName(img.currentSrc)[0] as PerformanceResourceTiming | undefined) : undefined;
    return entry ? entry.responseEnd : NaN;
  });
  return { fcp, visible, pictureLoaded, responds, taps };
}

try {
  for (const variant of variants) {
    const deadline = Date.now() + 120_000;
    while (!(await fetch(`http://127.0.0.1:${variant.port}/api/health`).then((r) => r.ok).catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`server on ${variant.port} did not become healthy`);
      await sleep(250);
    }
    await fetch(`http://127.0.0.1:${variant.port}/`).then((r) => r.text()); // warm the render
  }
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const results = new Map<string, Load[]>(variants.map((v) => [v.name, []]));
  for (let i = 0; i < loads; i++) {
    // In turn, so both see the same host speed.
    for (const variant of variants) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: false });
      const page = await context.newPage();
      const load = await oneLoad(page, `http://127.0.0.1:${variant.port}/`);
      results.get(variant.name)!.push(load);
      console.log(`${variant.name}, load ${i + 1}: ${JSON.stringify(load)}`);
      await context.close();
    }
  }
  await browser.close();
  console.log("\n| Scripts | First paint | Picture laid out | Picture arrived | First tap that works | Dead-tap window | Taps lost |\n|---|---:|---:|---:|---:|---:|---:|");
  for (const variant of variants) {
    const rows = results.get(variant.name)!;
    const ms = (values: number[]) => `${Math.round(median(values))} ms`;
    console.log(
      `| ${variant.name} | ${ms(rows.map((r) => r.fcp))} | ${ms(rows.map((r) => r.visible))} | ${ms(rows.map((r) => r.pictureLoaded))} | ${ms(rows.map((r) => r.responds))} | ${ms(rows.map((r) => r.responds - r.visible))} | ${median(rows.map((r) => r.taps - 1))} |`,
    );
  }
} finally {
  for (const { child, dataDir } of servers) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
