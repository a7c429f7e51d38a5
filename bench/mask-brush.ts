/**
 * Brushing in the mask editor on a phone-sized screen: `npm run bench:mask -- <page URL>` or
 * `npm run bench:mask -- --harness`.
 *
 * Chromium at 375 × 812 CSS px (device scale 3, touch), the CPU slowed down --cpu times (default 4,
 * Lighthouse's mobile factor). On the page, it opens the URL, picks a photo (the first library photo, or
 * --upload=<file> through the upload field), chooses "Edit a region" / "Edytuj fragment" and finds the editor
 * by its accessible name ("Mask editor" / "Edytor maski"). --cookie=<value> sends a signed-in session
 * (aranzer.session_token). With --harness it builds the editor alone into a static page with esbuild and serves
 * it, with tests/fixtures/living-room-phone-4032x3024.jpg (12 MP) normalised to 1536 px on its long side as
 * the stored photo is.
 *
 * Then it brushes: --strokes zig-zag strokes with a finger (CDP touch events, 120 Hz), as many with the mouse,
 * half at the default brush size and half at the largest; then it waits for the mask to be handed over.
 * A PerformanceObserver records every long task (> 50 ms) from the first stroke to the mask, and a
 * requestAnimationFrame loop the frames. It prints the long tasks (count, max, mean), the frame intervals
 * (max, mean, 95th percentile), the main thread's tasks from a trace, wall time and the thread's own CPU time
 * (a busy host stretches wall time, not CPU time) and, on the harness, the last mask's size; with --details, the five longest
 * animation frames and what they spent their time on (Long Animation Frames API); --screenshot=<file> saves
 * the editor as it looks after brushing.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { chromium, type CDPSession, type Locator, type Page } from "playwright-core";
import sharp from "sharp";
import { chromiumArgs, chromiumPath, chromiumVersion } from "../scripts/ensure-chromium.mjs";
import { option } from "./server";

const root = path.resolve(import.meta.dirname, "..");
const cpu = Number(option("cpu") ?? 4);
const strokes = Number(option("strokes") ?? 6);
const harness = option("harness") === "true";
const target = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HARNESS = "http://mask-harness.test";
const PHONE_PHOTO = path.join(root, "tests/fixtures/living-room-phone-4032x3024.jpg");

type Figures = { longTasks: number[]; frames: number[]; details: string[]; tasks: Array<{ wall: number; cpu: number }>; mask: { width: number; height: number; bytes: number } | null };
type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };

/**
 * Before any script of the page: the observers, idle until `window.maskBenchStart()`. A string, since tsx
 * would wrap a function's inner functions in a helper the page does not have.
 */
const probe = `{
  const state = { on: false, longTasks: [], frames: [], last: 0, frameDetails: [] };
  new PerformanceObserver((list) => {
    if (state.on) for (const entry of list.getEntries()) state.longTasks.push(entry.duration);
  }).observe({ type: "longtask" });
  // What a long frame spent its time on (scripts by their entry point; style, layout and paint after renderStart).
  new PerformanceObserver((list) => {
    if (!state.on) return;
    for (const f of list.getEntries()) {
      const scripts = f.scripts.map((s) => s.invoker + " " + Math.round(s.duration) + " ms").join(", ");
      state.frameDetails.push({ duration: f.duration, text: Math.round(f.duration) + " ms (render " + Math.round(f.renderStart ? f.startTime + f.duration - f.renderStart : 0) + " ms, style/layout " + Math.round(f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0) + " ms): " + (scripts || "no script") });
    }
  }).observe({ type: "long-animation-frame" });
  const tick = (now) => {
    if (state.last) state.frames.push(now - state.last);
    state.last = now;
    if (state.on) requestAnimationFrame(tick);
  };
  window.maskBenchStart = () => {
    state.on = true;
    state.last = 0;
    requestAnimationFrame(tick);
  };
  window.maskBenchStop = () => {
    state.on = false;
    return { longTasks: state.longTasks, frames: state.frames, details: state.frameDetails.sort((a, b) => b.duration - a.duration).slice(0, 5).map((d) => d.text) };
  };
}`;

async function serveHarness(page: Page): Promise<string> {
  const bundle = await build({
    entryPoints: [path.join(root, "bench/mask-harness/entry.tsx")],
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    target: "es2022",
    alias: { "next-intl": "use-intl" },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  const script = bundle.outputFiles[0]!.text;
  const photo = await sharp(readFileSync(PHONE_PHOTO)).rotate().resize(1536, 1536, { fit: "inside" }).jpeg({ quality: 88 }).toBuffer({ resolveWithObject: true });
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mask editor</title></head><body style="margin:0;font-family:sans-serif"><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;
  await page.route(`${HARNESS}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/app.js") return route.fulfill({ body: script, contentType: "text/javascript" });
    if (url.pathname === "/photo.jpg") return route.fulfill({ body: photo.data, contentType: "image/jpeg" });
    return route.fulfill({ body: html, contentType: "text/html" });
  });
  console.log(`harness: ${(script.length / 1024).toFixed(0)} KiB of script, photo ${photo.info.width}×${photo.info.height}`);
  return `${HARNESS}/?width=${photo.info.width}&height=${photo.info.height}`;
}

/** On the design page: a photo, then the "Edit a region" mode. */
async function openEditorOnPage(page: Page): Promise<void> {
  const upload = option("upload");
  if (upload) {
    await page.locator('input[type="file"]').first().setInputFiles(path.resolve(upload));
  } else {
    const libraryTab = page.getByRole("tab", { name: /^(Library|Biblioteka)$/ });
    if (await libraryTab.count()) await libraryTab.click();
    await page.locator('input[name="library-photo"]').first().check({ force: true });
  }
  await page.getByRole("radio", { name: /^(Edit a region|Edytuj fragment)/ }).check({ force: true });
}

/** A zig-zag across the box: `rows` passes from side to side, `steps` positions each. */
function zigzag(box: { x: number; y: number; width: number; height: number }, index: number, steps = 40, rows = 3) {
  const points: Array<{ x: number; y: number }> = [];
  const top = box.y + box.height * (0.15 + 0.1 * (index % 4));
  for (let r = 0; r < rows; r++) {
    for (let s = 0; s <= steps; s++) {
      const along = r % 2 === 0 ? s / steps : 1 - s / steps;
      points.push({ x: box.x + box.width * (0.08 + 0.84 * along), y: top + (box.height * 0.12 * (r + s / steps)) / rows });
    }
  }
  return points;
}

async function touchStroke(cdp: CDPSession, points: Array<{ x: number; y: number }>) {
  const [first, ...rest] = points;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ ...first!, id: 1 }] });
  for (const p of rest) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ ...p, id: 1 }] });
    await sleep(8);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

async function mouseStroke(page: Page, points: Array<{ x: number; y: number }>) {
  const [first, ...rest] = points;
  await page.mouse.move(first!.x, first!.y);
  await page.mouse.down();
  for (const p of rest) {
    await page.mouse.move(p.x, p.y);
    await sleep(4);
  }
  await page.mouse.up();
}

async function brush(page: Page, cdp: CDPSession, editor: Locator): Promise<Figures> {
  await editor.scrollIntoViewIfNeeded();
  // The editor's photo only: the page's lazy thumbnails below it never load while out of view.
  await editor.locator("img").evaluateAll((images) => Promise.all(images.map((img) => (img as HTMLImageElement).decode())));
  await sleep(1000);
  const box = (await editor.boundingBox())!;
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const traced = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline", transferMode: "ReportEvents" });
  await page.evaluate(() => (window as unknown as { maskBenchStart(): void }).maskBenchStart());
  const slider = page.getByRole("slider", { name: /^(Brush size|Rozmiar pędzla)$/ });
  for (let i = 0; i < strokes; i++) {
    if (i === Math.floor(strokes / 2)) {
      await slider.focus();
      await page.keyboard.press("End");
    }
    await touchStroke(cdp, zigzag(box, i));
    await mouseStroke(page, zigzag(box, i + 1));
  }
  // The mask is encoded after the last stroke: that belongs to brushing as well.
  await sleep(1500);
  const { longTasks, frames, details } = await page.evaluate(() => (window as unknown as { maskBenchStop(): Omit<Figures, "mask" | "tasks"> }).maskBenchStop());
  await cdp.send("Tracing.end");
  await traced;
  // The page's main thread: the renderer thread that ran the most tasks (other tabs' threads are idle).
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const runTasks = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === "X" && e.name === "RunTask" && e.dur);
  const main = mains.map(runTasks).sort((a, b) => b.length - a.length)[0] ?? [];
  const tasks = main.map((e) => ({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? e.dur ?? 0) / 1000 }));
  const mask = harness
    ? await page.evaluate(async () => {
        const last = await (window as unknown as { maskBench: { currentMask: () => Promise<Blob | null> } }).maskBench.currentMask();
        if (!last) return null;
        const bitmap = await createImageBitmap(last);
        return { width: bitmap.width, height: bitmap.height, bytes: last.size };
      })
    : null;
  return { longTasks, frames, details, mask, tasks };
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, v) => sum + v, 0) / (values.length || 1);
  return { max: sorted.at(-1) ?? 0, mean, p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0 };
};

async function main() {
  if (!harness && !target) {
    console.error("Usage: npm run bench:mask -- <URL of the design page> [--cookie=…] [--upload=<file>] [--cpu=4] [--strokes=6]\n       npm run bench:mask -- --harness [--cpu=4] [--strokes=6]");
    process.exit(2);
  }
  console.log(`${chromiumVersion() ?? "Chromium"}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}; CPU slowdown ${cpu}×`);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const cookie = option("cookie");
    if (cookie && target) await context.addCookies([{ name: "aranzer.session_token", value: cookie, url: target, httpOnly: true, sameSite: "Lax" }]);
    await context.addInitScript({ content: probe });
    const page = await context.newPage();
    const url = harness ? await serveHarness(page) : target!;
    await page.goto(url, { waitUntil: "load" });
    if (!harness) await openEditorOnPage(page);
    const editor = page.getByRole("application", { name: /^(Mask editor|Edytor maski)$/ });
    await editor.waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    const { longTasks, frames, details, mask, tasks: traced } = await brush(page, cdp, editor);
    const tasks = stats(longTasks);
    const frame = stats(frames);
    console.log(`long tasks (> 50 ms) while brushing: ${longTasks.length}; max ${tasks.max.toFixed(0)} ms, mean ${tasks.mean.toFixed(0)} ms`);
    console.log(`frames: ${frames.length}; interval max ${frame.max.toFixed(1)} ms, mean ${frame.mean.toFixed(1)} ms, p95 ${frame.p95.toFixed(1)} ms`);
    const wall = stats(traced.map((t) => t.wall));
    const own = stats(traced.map((t) => t.cpu));
    console.log(
      `main-thread tasks (trace): ${traced.length}; longest ${wall.max.toFixed(0)} ms, mean ${wall.mean.toFixed(2)} ms; ` +
        `their own CPU time (without waiting for a core) longest ${own.max.toFixed(0)} ms, mean ${own.mean.toFixed(2)} ms, over 50 ms: ${traced.filter((t) => t.cpu > 50).length}`,
    );
    if (option("details")) for (const line of details) console.log(`  long frame ${line}`);
    const shot = option("screenshot");
    if (shot) await editor.screenshot({ path: path.resolve(shot) });
    if (harness) console.log(mask ? `mask handed over: ${mask.width}×${mask.height} PNG, ${mask.bytes} bytes` : "no mask handed over");
  } finally {
    await browser.close();
  }
}

await main();
