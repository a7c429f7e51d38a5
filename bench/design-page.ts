/**
 * The signed-in design page: `npm run bench:design` (after `npm run build`), i.e.
 *
 *   node --conditions=react-server --import tsx bench/design-page.ts
 *
 * Starts the production server (PostgreSQL, a throwaway cluster; the local engine), registers a user through
 * /login in Chromium and then measures /design with that user's session cookie:
 *   1. Lighthouse 12, its default mobile settings (as bench/lighthouse.ts), RUNS times, the cookie sent with
 *      `extraHeaders`; performance, accessibility and best-practices scores of every run, and the median run
 *      (Lighthouse's computeMedianRun) with its FCP, LCP, TBT and CLS.
 *   2. How soon its controls respond: RUNS cold loads in Chromium, unthrottled and with the CPU slowed down 4×
 *      (Lighthouse's mobile factor). From the navigation's start (the page's performance.now()), the script
 *      keeps focusing the "Skandynawski" style checkbox and pressing Space while it is unticked, as a keyboard
 *      user would (and presses again to untick it when it shows ticked but the page has not counted it), and
 *      notes when the page's own summary says one style is chosen ("Wybrano 1 styl"): the moment a tick is
 *      really taken. With it: the server's time for GET /design (its log), the first contentful paint, when
 *      the checkbox is first in the document, when the last script arrived, and when React has hydrated the
 *      document (the end-to-end fixture's waitForHydration test). Median of RUNS. Then, once per CPU setting,
 *      a tick pressed before hydration and left alone: what the page shows three seconds after hydration
 *      (with a screenshot in bench/out/).
 * The load average is printed with every figure.
 *
 * Options: --runs=N (default 5), --skip-lighthouse, --skip-controls.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromiumArgs, chromiumPath, chromiumVersion } from "../scripts/ensure-chromium.mjs";
import type { Page } from "playwright-core";
import { option } from "./server";
import { launchChromium, loadavg, machine, median, registerUser, root, SESSION_COOKIE, sleep, withStack, type Stack } from "./stack";

const runs = Number(option("runs") ?? 5);
const outDir = path.join(root, "bench", "out");
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;

type LhResult = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { id: string; score: number | null; numericValue?: number; displayValue?: string; title?: string } | undefined>;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
  finalDisplayedUrl?: string;
};
type LhFullResult = Parameters<typeof computeMedianRun>[0][number];
const score = (lhr: LhResult, c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
const metric = (lhr: LhResult, id: string) => lhr.audits[id]?.numericValue;

async function runLighthouse(url: string, cookie: string): Promise<LhResult> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: chromiumArgs, logLevel: "error" });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        extraHeaders: { Cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      const lhr = result?.lhr as unknown as LhResult | undefined;
      if (!lhr) throw new Error("Lighthouse returned nothing");
      if (lhr.runtimeError) throw new Error(`Lighthouse runtime error: ${lhr.runtimeError.code}`);
      return lhr;
    } catch (error) {
      // NO_NAVSTART and the like now and then on this host (see bench/lighthouse.ts): that run measured nothing.
      if (attempt >= 3 || !String(error).includes("runtime error")) throw error;
      console.log(`${String(error)}; repeating the run`);
    } finally {
      await chrome.kill();
    }
  }
}

async function measureLighthouse(stack: Stack, cookie: string) {
  const url = `${stack.baseURL}/design`;
  const results: { lhr: LhResult; load: string }[] = [];
  mkdirSync(outDir, { recursive: true });
  for (let i = 1; i <= runs; i++) {
    const load = loadavg();
    const lhr = await runLighthouse(url, cookie);
    if (!lhr.finalDisplayedUrl?.endsWith("/design")) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}: the session cookie was not taken`);
    results.push({ lhr, load });
    writeFileSync(path.join(outDir, `lighthouse-design-run${i}.json`), JSON.stringify(lhr));
    console.log(
      `Lighthouse /design run ${i}/${runs}: ${CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(", ")}; FCP ${Math.round(metric(lhr, "first-contentful-paint") ?? 0)} ms, LCP ${Math.round(metric(lhr, "largest-contentful-paint") ?? 0)} ms, TBT ${Math.round(metric(lhr, "total-blocking-time") ?? 0)} ms, CLS ${(metric(lhr, "cumulative-layout-shift") ?? 0).toFixed(3)}; benchmark index ${lhr.environment?.benchmarkIndex ?? "?"}; load ${load}`,
    );
  }
  const medianLhr = computeMedianRun(results.map((r) => r.lhr) as unknown as LhFullResult[]) as unknown as LhResult;
  return { results, medianLhr };
}

type ControlRun = { throttle: number; load: string; serverMs: number | null; fcp: number | null; scriptsLoaded: number | null; scripts: number; inDocument: number | null; hydrated: number | null; responded: number | null; presses: number; earlyPresses: number };

const BOX = 'input[type="checkbox"][value="scandinavian"]';

/** One look at the page: the checkbox, React's hold on the document, the page's own count of chosen styles. */
function look(page: Page) {
  return page
    .evaluate((selector) => {
      const box = document.querySelector<HTMLInputElement>(selector);
      const hydrated = Object.keys(document.body ?? {}).some((key) => key.startsWith("__reactFiber"));
      const counted = Array.from(document.querySelectorAll("fieldset p")).some((p) => p.textContent === "Wybrano 1 styl");
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
      return { exists: box !== null, checked: box?.checked ?? false, hydrated, counted, fcp, now: performance.now() };
    }, BOX)
    .catch(() => null); // the document is still being replaced
}

async function press(page: Page) {
  await page.focus(BOX).catch(() => undefined);
  await page.keyboard.press("Space");
}

async function openDesign(stack: Stack, cookie: string, throttle: number) {
  const browser = await launchChromium();
  const context = await browser.newContext({ locale: "pl-PL", timezoneId: "Europe/Warsaw", viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: stack.baseURL, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  }
  const logsBefore = stack.logs.length;
  const load = loadavg();
  await page.goto(`${stack.baseURL}/design`, { waitUntil: "commit" });
  const serverMs = () => {
    const line = stack.logs.slice(logsBefore).find((l) => l.event === "http.request" && l.path === "/design" && l.method === "GET");
    return line ? Number(line.ms) : null;
  };
  return { browser, page, load, serverMs };
}

/**
 * One cold load: whenever the checkbox is unticked, focus it and press Space; when it shows ticked but the
 * page has not counted it (a tick the browser took before React was there) twice in a row, press again to
 * untick. Ends when the page counts the tick.
 */
async function controlsOnce(stack: Stack, cookie: string, throttle: number): Promise<ControlRun> {
  const { browser, page, load, serverMs } = await openDesign(stack, cookie, throttle);
  try {
    const run: ControlRun = { throttle, load, serverMs: null, fcp: null, scriptsLoaded: null, scripts: 0, inDocument: null, hydrated: null, responded: null, presses: 0, earlyPresses: 0 };
    let uncounted = 0;
    const deadline = Date.now() + 90_000;
    while (run.responded === null) {
      if (Date.now() > deadline) throw new Error("the checkbox never responded within 90 s");
      const seen = await look(page);
      if (!seen) {
        await sleep(10);
        continue;
      }
      if (seen.exists && run.inDocument === null) run.inDocument = seen.now;
      if (seen.hydrated && run.hydrated === null) run.hydrated = seen.now;
      run.fcp ??= seen.fcp;
      if (seen.counted) {
        run.responded = seen.now;
        break;
      }
      if (seen.exists && (!seen.checked || ++uncounted >= 2)) {
        await press(page);
        run.presses++;
        if (!seen.hydrated) run.earlyPresses++;
        uncounted = 0;
      }
      await sleep(30);
    }
    run.serverMs = serverMs();
    // The page's scripts (Next's chunks, added by the loader after the first paint): when the last one had arrived.
    const scripts = await page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) => r.initiatorType === "script" && r.startTime < performance.now()).map((r) => r.responseEnd),
    );
    run.scripts = scripts.length;
    run.scriptsLoaded = scripts.length ? Math.max(...scripts) : null;
    return run;
  } finally {
    await browser.close();
  }
}

/**
 * A tick pressed as soon as the checkbox is in the document (before the page's scripts have run), then left
 * alone: what the page shows once React has had it for three seconds.
 */
async function earlyTickProbe(stack: Stack, cookie: string, throttle: number) {
  const { browser, page } = await openDesign(stack, cookie, throttle);
  try {
    let pressedAt: number | null = null;
    let hydratedAt: number | null = null;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error("probe: no hydration within 90 s");
      const seen = await look(page);
      if (seen?.exists && pressedAt === null) {
        if (seen.hydrated) throw new Error("probe: React was there before the first press; nothing to learn");
        await press(page);
        pressedAt = seen.now;
      }
      if (seen?.hydrated && pressedAt !== null) {
        hydratedAt = seen.now;
        break;
      }
      await sleep(10);
    }
    await sleep(3000);
    const after = await page.evaluate((selector) => ({
      checked: document.querySelector<HTMLInputElement>(selector)?.checked ?? null,
      selected: Array.from(document.querySelectorAll("fieldset p")).map((p) => p.textContent ?? "").find((t) => t.startsWith("Wybrano") || t.startsWith("Nie wybrano")) ?? null,
      cost: Array.from(document.querySelectorAll("p")).map((p) => p.textContent ?? "").find((t) => t.startsWith("Koszt:")) ?? null,
    }), BOX);
    mkdirSync(outDir, { recursive: true });
    await page.screenshot({ path: path.join(outDir, `design-early-tick-cpu${throttle}.png`) });
    return { throttle, pressedAt, hydratedAt, ...after };
  } finally {
    await browser.close();
  }
}

const ms = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? "–" : `${Math.round(x)} ms`);

async function main() {
  const browser = chromiumVersion();
  if (!browser) throw new Error(`Chromium not runnable at ${chromiumPath()}`);
  const startLoad = loadavg();
  const lines: string[] = [];
  await withStack({ postgres: true }, async (stack) => {
    const { cookie } = await registerUser(stack);
    // Warm-up: the first render of /design compiles its server code paths.
    for (let i = 0; i < 2; i++) await (await fetch(`${stack.baseURL}/design`, { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } })).text();

    if (option("skip-lighthouse") === undefined) {
      const { results, medianLhr } = await measureLighthouse(stack, cookie);
      lines.push(
        `Lighthouse 12, mobile defaults, ${browser}; ${machine()}; session cookie through extraHeaders; ${runs} runs, load average (1 min) at each: ${results.map((r) => r.load.split(" ")[0]).join(", ")}.`,
        "",
        "| Page | Performance (every run) | Accessibility | Best practices | FCP | LCP | TBT | CLS |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        `| \`/design\` (signed in), median run | ${score(medianLhr, "performance")} (${results.map((r) => score(r.lhr, "performance")).join(", ")}) | ${score(medianLhr, "accessibility")} (${results.map((r) => score(r.lhr, "accessibility")).join(", ")}) | ${score(medianLhr, "best-practices")} (${results.map((r) => score(r.lhr, "best-practices")).join(", ")}) | ${ms(metric(medianLhr, "first-contentful-paint"))} | ${ms(metric(medianLhr, "largest-contentful-paint"))} | ${ms(metric(medianLhr, "total-blocking-time"))} | ${(metric(medianLhr, "cumulative-layout-shift") ?? 0).toFixed(3)} |`,
        "",
      );
      const failing = Object.values(medianLhr.audits).filter((a) => a && a.score !== null && a.score < 0.9 && !["first-contentful-paint", "largest-contentful-paint", "speed-index", "interactive", "total-blocking-time", "cumulative-layout-shift", "max-potential-fid"].includes(a.id));
      if (failing.length) lines.push(`Audits below 0.9 in the median run: ${failing.map((a) => `${a!.id} (${Math.round((a!.score ?? 0) * 100)}${a!.displayValue ? `, ${a!.displayValue}` : ""})`).join("; ")}.`, "");
    }

    if (option("skip-controls") === undefined) {
      const all: ControlRun[] = [];
      for (let i = 1; i <= runs; i++) {
        for (const throttle of [1, 4]) {
          const run = await controlsOnce(stack, cookie, throttle);
          all.push(run);
          console.log(
            `controls, CPU ${throttle}×, load ${i}/${runs}: server answered GET /design in ${ms(run.serverMs)}; FCP ${ms(run.fcp)}; ${run.scripts} scripts loaded by ${ms(run.scriptsLoaded)}; checkbox in the document ${ms(run.inDocument)}; hydrated ${ms(run.hydrated)}; tick counted ${ms(run.responded)} after ${run.presses} press(es), ${run.earlyPresses} before hydration; load ${run.load}`,
          );
        }
      }
      const probes = [];
      for (const throttle of [1, 4]) {
        const probe = await earlyTickProbe(stack, cookie, throttle);
        probes.push(probe);
        console.log(`early tick, CPU ${throttle}×: pressed at ${ms(probe.pressedAt)}, hydrated ${ms(probe.hydratedAt)}; 3 s later the box is ${probe.checked ? "ticked" : "unticked"}, the page says "${probe.selected}" and "${probe.cost}"`);
      }
      lines.push(
        `Controls of \`/design\` (signed in), cold loads in ${browser}, 1280×800, the session cookie set; times from the navigation's start (the page's performance.now()); median of ${runs} (each load in parentheses).`,
        "",
        "| CPU | Server's answer to GET /design | Checkbox in the document | First contentful paint | Last script arrived | React hydrated (fixture's test) | First keyboard tick counted by the page | Load (1 min) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        ...[1, 4].map((throttle) => {
          const mine = all.filter((r) => r.throttle === throttle);
          const list = (f: (r: ControlRun) => number | null) => `${ms(median(mine.map((r) => f(r) ?? NaN)))} (${mine.map((r) => Math.round(f(r) ?? NaN)).join(", ")})`;
          return `| ${throttle === 1 ? "unthrottled" : `${throttle}× slower`} | ${list((r) => r.serverMs)} | ${list((r) => r.inDocument)} | ${list((r) => r.fcp)} | ${list((r) => r.scriptsLoaded)} | ${list((r) => r.hydrated)} | ${list((r) => r.responded)} | ${mine.map((r) => r.load.split(" ")[0]).join(", ")} |`;
        }),
        "",
        ...probes.map((p) => `A tick pressed before hydration (CPU ${p.throttle}×, at ${ms(p.pressedAt)}; hydrated at ${ms(p.hydratedAt)}): three seconds after hydration the box is ${p.checked ? "ticked" : "unticked"} and the page says "${p.selected}", "${p.cost}".`),
        "",
      );
    }
  });
  lines.push(`Load average ${startLoad} at the start, ${loadavg()} at the end.`);
  console.log(`\n${lines.join("\n")}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
