/**
 * Main-thread benchmark: `npm run bench:main-thread` (after `npm run build`).
 *
 * Lighthouse's blocking time swings with the host's speed from one run to the next. This measures the
 * same thing more directly: N cold loads per page in Debian's Chromium with the CPU slowed down 4× (as
 * Lighthouse's mobile setting), each traced; it reports the median over loads of
 *   - blocking time after first paint: Σ (task − 50 ms) over main-thread tasks ending after FCP,
 *   - the longest main-thread task.
 * Use it to compare two builds of the same page; the figures are for docs/benchmarks.md, not a test.
 *
 * Options: --loads=N (default 9), --pages=/,/cennik (default /, /cennik, /blog, /en), --port=N (default 3208).
 */
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../scripts/ensure-chromium.mjs";
import { option, withServer } from "./server";

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string } };

const loads = Number(option("loads") ?? 9);
const pages = (option("pages") ?? "/,/cennik,/blog,/en").split(",").filter(Boolean);
const port = Number(option("port") ?? 3208);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function measure(baseURL: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    for (const page of pages) {
      const blocking: number[] = [];
      const longest: number[] = [];
      for (let i = 0; i < loads; i++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        const events: TraceEvent[] = [];
        cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
        const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
        await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,loading", transferMode: "ReportEvents" });
        await tab.goto(`${baseURL}${page}`, { waitUntil: "load" });
        await tab.waitForTimeout(2500); // hydration and the work after it
        await cdp.send("Tracing.end");
        await complete;
        await context.close();

        const fcp = events.find((e) => e.name === "firstContentfulPaint");
        const main = fcp && events.find((e) => e.name === "thread_name" && e.pid === fcp.pid && e.args?.name === "CrRendererMain");
        if (!fcp || !main) throw new Error(`no first paint traced for ${page}`);
        const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.name === "RunTask" && e.dur);
        const ms = (e: TraceEvent) => (e.dur ?? 0) / 1000;
        blocking.push(tasks.filter((t) => t.ts + (t.dur ?? 0) > fcp.ts).reduce((sum, t) => sum + Math.max(0, ms(t) - 50), 0));
        longest.push(Math.max(...tasks.map(ms)));
      }
      console.log(
        `${page}: blocking after first paint ${median(blocking).toFixed(0)} ms, longest task ${median(longest).toFixed(0)} ms ` +
          `(median of ${loads} loads at 4× CPU slowdown; per load: ${blocking.map((b) => b.toFixed(0)).join(", ")})`,
      );
    }
  } finally {
    await browser.close();
  }
}

await withServer(port, pages, measure);
