/**
 * Generation benchmark: `npm run bench:generation` (after `npm run build`; this builds nothing), i.e.
 *
 *   node --conditions=react-server --import tsx bench/generation.ts
 *
 * How long after Confirm each result is on the user's screen, with an engine of known latency. Starts the
 * production server on a throwaway PostgreSQL cluster with GENERATION_ENGINE=fake and
 * FAKE_ENGINE_SCRIPT {latencyMs: L, progressSteps, concurrency} (concurrency ≥ the largest batch, so a batch's
 * styles run side by side), registers a user through /login in Chromium, grants it tokens through the ledger
 * (grantTokens on the same database), uploads the 12-megapixel phone photo through the design page once, and
 * then, for each batch size, RUNS times (sizes interleaved, after one unmeasured warm-up batch of the largest
 * size): opens /design?image=<that photo>, picks the room and N styles by keyboard (focus + Space), Generate,
 * Confirm, and times in the page (performance.now()):
 *   - the Confirm click (a capture listener on the document),
 *   - the POST /api/batches answer (resource timing),
 *   - each result's "succeeded" event arriving on the page's EventSource (EventSource wrapped by an init script),
 *   - each result's <img> loaded and decoded (a MutationObserver sees it added; img.decode() resolves), whichever
 *     of its srcset candidates the browser took.
 * The next batch starts once this one's follow-ups (each result's JPEG at the photo's size and its structure
 * check, about a second of CPU for 8 styles) are done, so that each batch is timed alone.
 * Reports per size the median over runs of the first and last result, and the overhead per result (decoded − L).
 * Where the time goes comes from the server's side: each batch's events in the database carry now() of the short
 * transaction that wrote them, so the job's start after the batch was created and the result's commit after start + L are
 * known on the server's clock (and generation.succeeded's ms from its log). The load average is printed with
 * every figure: the host is shared.
 *
 * The fake engine makes real images: during its latency it runs the local engine's restyle of the photo, in the
 * server's process (the worker runs there by default), once per style (it keeps them: the warm-up batch makes
 * them, the timed batches' CPU profile has none). It hands each back as the hosted engine of L does, a PNG at the
 * size the model worked at (768 px on the long side for adirik/interior-design, the size it is sent), which the
 * worker has to decode and store at the photo's size: `--answer=png:768` (default), `png` or `webp` at the
 * photo's size, `stored` for the local engine's JPEG at the photo's size, which the worker keeps as it is.
 *
 * L defaults to 6 s, the latency of the fastest hosted engine we would use (adirik/interior-design on Replicate,
 * ~6 s on an L40S per replicate.com/adirik/interior-design; the others take 9–65 s); --latency=2000 is the stress case.
 *
 * Options: --latency=MS (default 6000), --runs=N (default 5), --sizes=1,4,8 (default), --answer=png:768 (default), --progress-steps=N
 * (default 4), --timeout=MS (per batch, default 120000), --cpu-prof=DIR (the server's CPU profile, written there
 * when it stops: where its main thread's time went), --trace=DIR (Chromium's trace of each timed batch, as the
 * performance panel records it: where the page's time went; open it in DevTools or read it with bench/page-trace.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Page } from "playwright-core";
import { option } from "./server";
import { grantBenchTokens, launchChromium, loadavg, machine, median, registerInBrowser, root, sleep, waitForHydration, withStack, type Stack } from "./stack";

const latency = Number(option("latency") ?? 6000);
const runs = Number(option("runs") ?? 5);
const sizes = (option("sizes") ?? "1,4,8").split(",").map(Number).filter((n) => n > 0);
const progressSteps = Number(option("progress-steps") ?? 4);
/** FakeEngineScript.answer from --answer=FORMAT[:LONG_SIDE] ("stored": none). */
const answerOption = option("answer") ?? "png:768";
const answer =
  answerOption === "stored"
    ? undefined
    : { format: answerOption.split(":")[0] as "png" | "webp", ...(answerOption.includes(":") ? { longSide: Number(answerOption.split(":")[1]) } : {}) };
const largest = Math.max(...sizes);
const concurrency = Math.max(8, largest);
const PHOTO = path.join(root, "tests", "fixtures", "living-room-phone-4032x3024.jpg");
/** The first styles of the catalogue, in its order (Polish names, as the checkboxes are labelled). */
const STYLE_NAMES = ["Nowoczesny", "Współczesny", "Minimalistyczny", "Skandynawski", "Japandi", "Industrialny", "Loftowy", "Mid-century modern", "Boho", "Art déco", "Nowoczesna klasyka", "Klasyczny"];
const RESULT_ALT = "podgląd wykonany bez AI";

/**
 * One result. Page clock (ms after the Confirm click): eventAt, fetchStart, responseEnd, decodedAt. Server clock
 * (the batch's events in the database, stamped with now() of the short transaction that wrote each): startedAfterBatch = the
 * job's "running" event after the batch's "queued" events; committedAfterL = its "succeeded" event after the
 * "running" one, minus L (what the engine call took beyond its latency, plus storing the result);
 * loggedMs = generation.succeeded's ms in the server log (engine call + storing the result), and its parts: engineMs
 * (the engine call), storeMs (making and writing the result's files), recordMs (the commit of its success).
 */
type Timing = {
  url: string;
  visualizationId: string | null;
  eventAt: number | null;
  fetchStart: number | null;
  responseEnd: number | null;
  decodedAt: number;
  loggedMs?: number;
  engineMs?: number;
  storeMs?: number;
  recordMs?: number;
  startedAfterBatch?: number;
  committedAfterL?: number;
};
type RunResult = { size: number; load: string; postAnswered: number | null; results: Timing[]; jobStates: string[]; imageServedMs: number[] };

/**
 * Installed before any page script: the clock hooks the measurement reads (nothing of the product changes).
 * A string, not a function: tsx's transform would add helper calls (__name) that do not exist in the page.
 */
const INSTRUMENT = (resultAlt: string) => `(() => {
  const bench = { t0: null, events: [], images: [] };
  window.__bench = bench;
  document.addEventListener("click", (event) => {
    const button = event.target && event.target.closest ? event.target.closest("button") : null;
    if (button && button.closest('[role="dialog"]') && bench.t0 === null) bench.t0 = performance.now();
  }, true);
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      this.addEventListener("message", (message) => {
        try {
          const event = JSON.parse(message.data);
          if (event.type === "succeeded" && event.result) bench.events.push({ url: new URL(event.result.url, location.href).href, visualizationId: event.visualizationId, t: performance.now() });
        } catch {}
      });
    }
  };
  const seen = new WeakSet();
  const consider = (img) => {
    if (seen.has(img) || !img.alt.endsWith(${JSON.stringify(resultAlt)}) || !img.src) return;
    // Only this batch's results (their events came first): the page also shows the batch before it again.
    if (!bench.events.some((event) => event.url === img.src)) return;
    seen.add(img);
    // Results lazy-load (the comparison slider's default) and sit below the fold here: load each at once, as
    // scrolled into view, so what is timed is the server, the network and the decode, not the scroll position.
    img.loading = "eager";
    const url = img.src;
    // currentSrc: the srcset candidate the browser took (the display-size copy in the results grid).
    img.decode().then(
      () => bench.images.push({ url, loaded: img.currentSrc, t: performance.now() }),
      () => bench.images.push({ url: "failed:" + url, t: performance.now() }),
    );
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes" && record.target instanceof HTMLImageElement) consider(record.target);
      for (const node of record.addedNodes) {
        if (node instanceof HTMLImageElement) consider(node);
        else if (node instanceof Element) node.querySelectorAll("img").forEach(consider);
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["src", "alt"] });
})();`;

async function choose(page: Page, name: string, role: "checkbox" | "radio") {
  const control = page.getByRole(role, { name, exact: true });
  // The page remembers the last choice: a box ticked already stays ticked.
  if (await control.isChecked()) return;
  await control.focus();
  await page.keyboard.press("Space");
  if (!(await control.isChecked())) throw new Error(`${role} ${name} did not tick`);
}

async function unchoose(page: Page, name: string) {
  const control = page.getByRole("checkbox", { name, exact: true });
  if (!(await control.isChecked())) return;
  await control.focus();
  await page.keyboard.press("Space");
  if (await control.isChecked()) throw new Error(`checkbox ${name} did not untick`);
}

/**
 * The jobs of a timed batch must all be 'done': a succeeded job left 'running' is claimed again when its lease
 * runs out and generated twice, which would also skew the timings (the domain tests check it too). It stops the bench.
 */
async function settleJobs(db: pg.Client, batchId: string): Promise<string[]> {
  const states = await db.query<{ state: string }>(
    "select j.state from generation_job j join visualization v on v.id = j.visualization_id where v.batch_id = $1 order by v.position",
    [batchId],
  );
  const list = states.rows.map((r) => r.state);
  if (list.some((state) => state !== "done")) throw new Error(`batch ${batchId}: jobs not finished after their results: ${list.join(", ")}`);
  return list;
}

async function oneBatch(page: Page, stack: Stack, db: pg.Client, imageId: string, size: number): Promise<RunResult> {
  await page.goto(`${stack.baseURL}/design?image=${encodeURIComponent(imageId)}`);
  await waitForHydration(page);
  await choose(page, "Salon", "radio");
  for (const name of STYLE_NAMES.slice(0, size)) await choose(page, name, "checkbox");
  // The page remembers the last batch's styles: a smaller batch after a larger one unticks the rest.
  for (const name of STYLE_NAMES.slice(size)) await unchoose(page, name);
  await page.getByRole("button", { name: "Generuj" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  const load = loadavg();
  const logsBefore = stack.logs.length;
  await dialog.getByRole("button", { name: "Generuj" }).click();
  try {
    await page.waitForFunction((n) => (window as unknown as { __bench: { images: unknown[] } }).__bench.images.length >= n, size, { timeout: Number(option("timeout") ?? 120_000), polling: 100 });
  } catch (error) {
    const state = await page.evaluate(() => JSON.stringify((window as unknown as { __bench: unknown }).__bench)).catch(() => "?");
    const events = stack.logs.slice(logsBefore).filter((l) => l.event !== "http.request" || !String(l.path).startsWith("/_next"));
    writeFileSync(path.join(root, "bench", "out", "generation-timeout.json"), state);
    console.error(`timed out; page: ${state}\nserver since Confirm:\n${events.map((l) => JSON.stringify(l)).join("\n")}`);
    await page.screenshot({ path: path.join(root, "bench", "out", "generation-timeout.png"), fullPage: true }).catch(() => undefined);
    throw error;
  }
  const measured = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { t0: number; events: { url: string; visualizationId: string; t: number }[]; images: { url: string; loaded: string; t: number }[] } }).__bench;
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const post = resources.find((r) => r.name.endsWith("/api/batches") && r.startTime >= bench.t0);
    return {
      postAnswered: post ? post.responseEnd - bench.t0 : null,
      results: bench.images.map(({ url, loaded, t }) => {
        const event = bench.events.find((e) => e.url === url);
        const resource = resources.find((r) => r.name === loaded);
        return {
          url,
          visualizationId: event?.visualizationId ?? null,
          eventAt: event ? event.t - bench.t0 : null,
          fetchStart: resource ? resource.startTime - bench.t0 : null,
          responseEnd: resource ? resource.responseEnd - bench.t0 : null,
          decodedAt: t - bench.t0,
        };
      }),
    };
  });
  if (measured.results.some((r) => r.url.startsWith("failed:"))) throw new Error("a result image failed to decode");
  // The page has all its images; the generation.succeeded lines are written before the events that carried them.
  const succeeded = stack.logs.slice(logsBefore).filter((l) => l.event === "generation.succeeded");
  const batchId = succeeded[0]?.batchId as string | undefined;
  if (!batchId) throw new Error("no generation.succeeded line in the server log");
  const timeline = await db.query<{ type: string; vis: string | null; at: number }>(
    `select e.payload->>'type' as type, e.payload->>'visualizationId' as vis,
            extract(epoch from e.created_at - (select min(created_at) from batch_event where batch_id = $1)) * 1000 as at
       from batch_event e where e.batch_id = $1 order by e.seq`,
    [batchId],
  );
  const results: Timing[] = measured.results.map((result) => {
    const line = succeeded.find((l) => l.visualizationId === result.visualizationId);
    const mine = timeline.rows.filter((row) => row.vis === result.visualizationId);
    const started = mine.find((row) => row.type === "running");
    const done = mine.find((row) => row.type === "succeeded");
    return {
      ...result,
      loggedMs: line ? Number(line.ms) : undefined,
      engineMs: line ? Number(line.engineMs) : undefined,
      storeMs: line ? Number(line.storeMs) : undefined,
      recordMs: line ? Number(line.recordMs) : undefined,
      startedAfterBatch: started ? Number(started.at) : undefined,
      committedAfterL: started && done ? Number(done.at) - Number(started.at) - latency : undefined,
    };
  });
  const jobStates = await settleJobs(db, batchId);
  // How long the server took for each result's GET /api/images/<id> (its http.request line).
  const imageServedMs = stack.logs
    .slice(logsBefore)
    .filter((l) => l.event === "http.request" && l.method === "GET" && String(l.path).startsWith("/api/images/"))
    .map((l) => Number(l.ms));
  await followUpsDone(stack, batchId, size);
  return { size, load, postAnswered: measured.postAnswered, results: results.sort((a, b) => a.decodedAt - b.decodedAt), jobStates, imageServedMs };
}

/**
 * After its results are on screen, a batch still has work in the worker's queue: each result's JPEG at the
 * photo's size and its structure check (about a second of CPU for 8 styles). The next batch starts after it, so
 * that each batch is timed alone, not beside its predecessor's follow-ups.
 */
async function followUpsDone(stack: Stack, batchId: string, size: number): Promise<void> {
  const until = Date.now() + 60_000;
  const finished = () => stack.logs.filter((l) => l.batchId === batchId && (l.event === "generation.scored" || l.event === "generation.score_failed")).length;
  while (finished() < size) {
    if (Date.now() > until) throw new Error(`batch ${batchId}: ${finished()} of ${size} structure checks after a minute`);
    await sleep(50);
  }
}

/** What Chromium's performance panel records: the page thread's tasks, scripts, style, layout, paint and decodes. */
const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.frame", "blink.user_timing", "v8.execute", "toplevel", "loading", "netlog"];

const ms = (value: number | null | undefined) => (value === null || value === undefined || Number.isNaN(value) ? "–" : `${Math.round(value)} ms`);

async function main() {
  const started = loadavg();
  const script = { latencyMs: latency, progressSteps, concurrency, ...(answer ? { answer } : {}) };
  console.log(`fake engine ${JSON.stringify(script)}; load average ${started}`);
  const all: RunResult[] = [];
  const profileDir = option("cpu-prof");
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  await withStack({ postgres: true, nodeArgs, env: { GENERATION_ENGINE: "fake", FAKE_ENGINE_SCRIPT: JSON.stringify(script) } }, async (stack) => {
    const browser = await launchChromium();
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const context = await browser.newContext({ locale: "pl-PL", timezoneId: "Europe/Warsaw", viewport: { width: 1280, height: 800 } });
      await context.addInitScript({ content: INSTRUMENT(RESULT_ALT) });
      const page = await context.newPage();
      const email = await registerInBrowser(page, stack);
      const needed = largest + runs * sizes.reduce((a, b) => a + b, 0);
      const balance = await grantBenchTokens(stack.databaseUrl!, email, needed);
      console.log(`registered ${email}; granted ${needed} tokens through the ledger, balance ${balance}`);

      // The source photo: uploaded once through the design page, then reused by every batch (?image=<id>).
      await page.reload();
      await waitForHydration(page);
      await page.locator('input[type="file"]:not([capture])').setInputFiles(PHOTO);
      await page.getByText("Zdjęcie wgrane.").waitFor({ timeout: 60_000 });
      const gallery = (await (await page.request.get(`${stack.baseURL}/api/images`)).json()) as { images: { id: string }[] };
      const imageId = gallery.images[0]!.id;

      const warm = await oneBatch(page, stack, db, imageId, largest);
      console.log(`warm-up (${largest} styles, not counted): last result ${ms(warm.results.at(-1)!.decodedAt)}; jobs ${warm.jobStates.join(",")}; load ${warm.load}`);
      await sleep(1000);
      for (let run = 1; run <= runs; run++) {
        for (const size of sizes) {
          const traceDir = option("trace");
          if (traceDir) {
            mkdirSync(path.resolve(traceDir), { recursive: true });
            await browser.startTracing(page, { path: path.resolve(traceDir, `batch-${size}-${run}.json`), categories: TRACE_CATEGORIES });
          }
          const result = await oneBatch(page, stack, db, imageId, size);
          if (traceDir) await browser.stopTracing();
          all.push(result);
          const decoded = result.results.map((r) => Math.round(r.decodedAt));
          console.log(
            `run ${run}/${runs}, ${size} style${size > 1 ? "s" : ""}: POST answered ${ms(result.postAnswered)}; events ${result.results.map((r) => ms(r.eventAt)).join(", ")}; ` +
              `image requested ${result.results.map((r) => Math.round(r.fetchStart ?? NaN)).join(", ")} ms, answered ${result.results.map((r) => Math.round(r.responseEnd ?? NaN)).join(", ")} ms; ` +
              `decoded ${decoded.join(", ")} ms; engine call + store (log) ${result.results.map((r) => Math.round(r.loggedMs ?? NaN)).join(", ")} ms ` +
              `(engine ${result.results.map((r) => Math.round(r.engineMs ?? NaN)).join(", ")}; store ${result.results.map((r) => Math.round(r.storeMs ?? NaN)).join(", ")}; record ${result.results.map((r) => Math.round(r.recordMs ?? NaN)).join(", ")}); ` +
              `committed beyond L ${result.results.map((r) => Math.round(r.committedAfterL ?? NaN)).join(", ")} ms; ` +
              `image GETs served in ${result.imageServedMs.map(Math.round).join(", ")} ms; jobs left ${result.jobStates.join(",")}; load ${result.load}`,
          );
          await sleep(1000);
        }
      }
    } finally {
      await browser.close();
      await db.end();
      // What the server did when (its JSON log lines), for a look at a slow run.
      mkdirSync(path.join(root, "bench", "out"), { recursive: true });
      writeFileSync(path.join(root, "bench", "out", `generation-L${latency}-server.jsonl`), stack.logs.map((line) => JSON.stringify(line)).join("\n"));
    }
  });

  const rows = sizes.map((size) => {
    const mine = all.filter((r) => r.size === size);
    const each = mine.flatMap((r) => r.results);
    const of = (f: (t: Timing) => number | null | undefined) => median(each.map(f).filter((x): x is number => typeof x === "number" && !Number.isNaN(x)));
    const last = mine.map((r) => r.results.at(-1)!.decodedAt);
    return {
      size,
      runs: mine.length,
      post: median(mine.map((r) => r.postAnswered ?? NaN).filter((x) => !Number.isNaN(x))),
      first: median(mine.map((r) => r.results[0]!.decodedAt)),
      last: median(last),
      lastRuns: last.map(Math.round),
      overheadMedian: of((t) => t.decodedAt) - latency,
      overheadMax: Math.max(...each.map((t) => t.decodedAt)) - latency,
      started: of((t) => t.startedAfterBatch),
      beyondL: of((t) => t.committedAfterL),
      logged: of((t) => t.loggedMs),
      engine: of((t) => t.engineMs),
      store: of((t) => t.storeMs),
      record: of((t) => t.recordMs),
      event: of((t) => t.eventAt),
      eventToDecoded: of((t) => (t.eventAt === null ? null : t.decodedAt - t.eventAt)),
      loads: mine.map((r) => r.load.split(" ")[0]),
    };
  });
  const lines = [
    `Fake engine ${JSON.stringify(script)}, L = ${latency} ms; ${machine()}; load average ${started} at the start, ${loadavg()} at the end.`,
    "",
    "| Styles | Runs | First result on screen | Last result on screen (each run) | Last / L | Overhead per result: time − L, median (max) | Overhead, % of L | POST answered | Job started after the batch (server) | Result committed beyond start + L (server) | Result's event → image decoded |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.size} | ${r.runs} | ${ms(r.first)} | ${ms(r.last)} (${r.lastRuns.join(", ")}) | ${(r.last / latency).toFixed(2)} | ${ms(r.overheadMedian)} (${ms(r.overheadMax)}) | ${((r.overheadMedian / latency) * 100).toFixed(0)} % | ${ms(r.post)} | ${ms(r.started)} | ${ms(r.beyondL)} | ${ms(r.eventToDecoded)} |`,
    ),
    "",
    `Load average (1 min) at each run's Confirm: ${rows.map((r) => `${r.size} style${r.size > 1 ? "s" : ""}: ${r.loads.join(", ")}`).join("; ")}.`,
    `generation.succeeded ms in the server log (engine call + storing the result), median: ${rows.map((r) => `${r.size}: ${ms(r.logged)}`).join(", ")}; the result's event on the page, median: ${rows.map((r) => `${r.size}: ${ms(r.event)}`).join(", ")}.`,
    `Its parts, median: ${rows.map((r) => `${r.size}: engine call ${ms(r.engine)}, store ${ms(r.store)}, record ${ms(r.record)}`).join("; ")}.`,
  ];
  console.log(`\n${lines.join("\n")}\n`);
  mkdirSync(path.join(root, "bench", "out"), { recursive: true });
  writeFileSync(path.join(root, "bench", "out", `generation-L${latency}.json`), JSON.stringify({ script, runs: all, rows }, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
