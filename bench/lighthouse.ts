/**
 * Lighthouse benchmark: `npm run bench:lighthouse` (run `npm run build` first; this builds nothing).
 *
 * Starts the production server (bench/server.ts), runs Lighthouse 12 with its default mobile settings
 * (emulated Moto G Power, simulated throttling) in Debian's Chromium, RUNS times per page, keeps the median run (Lighthouse's
 * computeMedianRun), writes the reports to bench/out/ and the table to docs/benchmarks.md between
 * <!-- lighthouse:start --> and <!-- lighthouse:end -->.
 *
 * Options: --runs=N (default 5, Lighthouse's advice for a stable median), --pages=/,/cennik (default /, /cennik, /blog, /en), --port=N (default 3207),
 *          --strict (exit 1 when a page misses a target), --no-write (do not touch docs/benchmarks.md),
 *          --compare=URL (also measure a server already running at URL, e.g. a checkout of an earlier commit,
 *          alternating run by run so that both see the same host speed; prints both, writes no table).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { chromiumArgs, chromiumPath, chromiumVersion } from "../scripts/ensure-chromium.mjs";
import { option, withServer } from "./server";

/** The parts of a Lighthouse result (LH.Result) this script reads. */
type LhResult = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { id: string; score: number | null; displayValue?: string; numericValue?: number } | undefined>;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
};
type LhFullResult = Parameters<typeof computeMedianRun>[0][number];
const medianRun = (results: LhResult[]) => computeMedianRun(results as unknown as LhFullResult[]) as unknown as LhResult;

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "bench", "out");
const docFile = path.join(root, "docs", "benchmarks.md");
const START = "<!-- lighthouse:start -->";
const END = "<!-- lighthouse:end -->";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };

const runs = Number(option("runs") ?? 5);
const pages = (option("pages") ?? "/,/cennik,/blog,/en").split(",").map((p) => p.trim()).filter(Boolean);
const port = Number(option("port") ?? process.env.BENCH_PORT ?? 3207);
const strict = option("strict") === "true";
const compareURL = option("compare")?.replace(/\/$/, "");
const writeDoc = option("no-write") === undefined && compareURL === undefined;


async function runLighthouse(url: string): Promise<LhResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: chromiumArgs,
    logLevel: "error",
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr as unknown as LhResult;
    if (lhr.runtimeError) throw new Error(`Lighthouse runtime error on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse now and then fails to record the trace (NO_NAVSTART, NO_FCP) on this machine; such a run
 * measured nothing, so it is repeated (twice at most) instead of aborting the whole benchmark.
 */
async function runLighthouseWithRetry(url: string, attempts = 3): Promise<LhResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouse(url);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= attempts || !message.includes("runtime error")) throw error;
      console.log(`${message.split(" Something")[0]}; repeating the run (${attempt}/${attempts - 1})`);
    }
  }
}

const score = (lhr: LhResult, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: LhResult, id: string) => lhr.audits[id]?.numericValue;
const seconds = (ms: number | undefined) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(2)} s`);
const slug = (page: string) => (page === "/" ? "root" : page.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-"));

/** Audits that cost points in a category (score below 1), for the "what to fix" list. */
function failingAudits(lhr: LhResult, category: Category): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => audit !== undefined && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} (${Math.round((audit.score ?? 0) * 100)})${audit.displayValue ? ` ${audit.displayValue}` : ""}`);
}

type Row = { page: string; lhr: LhResult; scores: Record<Category, number>; perfScores: number[] };

function renderSection(rows: Row[], meta: { date: string; machine: string; command: string; lighthouse: string }): string {
  const header = "| Page | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS |";
  const sep = "|---|---:|---:|---:|---:|---:|---:|---:|---:|";
  const mark = (value: number, category: Category) => (value >= TARGETS[category] ? `${value}` : `**${value}** ✗`);
  const lines = rows.map(({ page, lhr, scores, perfScores }) => {
    const perf = `${mark(scores.performance, "performance")}${perfScores.length > 1 ? ` (${perfScores.join(", ")})` : ""}`;
    const tbt = metric(lhr, "total-blocking-time");
    const cls = metric(lhr, "cumulative-layout-shift");
    return `| \`${page}\` | ${perf} | ${mark(scores.accessibility, "accessibility")} | ${mark(scores["best-practices"], "best-practices")} | ${mark(scores.seo, "seo")} | ${seconds(metric(lhr, "first-contentful-paint"))} | ${seconds(metric(lhr, "largest-contentful-paint"))} | ${tbt === undefined ? "–" : `${Math.round(tbt)} ms`} | ${cls === undefined ? "–" : cls.toFixed(3)} |`;
  });
  const misses = rows.flatMap(({ page, scores }) =>
    CATEGORIES.filter((c) => scores[c] < TARGETS[c]).map((c) => `\`${page}\` ${c} ${scores[c]} < ${TARGETS[c]}`),
  );
  return [
    `Measured ${meta.date} on ${meta.machine}; ${meta.lighthouse}, mobile defaults, median run of ${runs} per page (Lighthouse's computeMedianRun: the run closest to the median FCP and time to interactive; the performance score of every run in parentheses, in order).`,
    "",
    header,
    sep,
    ...lines,
    "",
    `Targets: performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO = 100. ${misses.length ? `Missed: ${misses.join("; ")}.` : "All pages meet them."}`,
    "",
    `Command: \`${meta.command}\``,
  ].join("\n");
}

/** Performance scores of this build and the compared server, run by run, with the median score of each. */
function renderComparison(rows: { page: string; ours: number[]; theirs: number[] }[], otherURL: string): string {
  const medianScore = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return [
    `| Page | ${otherURL}: runs | median | This build: runs | median |`,
    "|---|---|---:|---|---:|",
    ...rows.map(({ page, ours, theirs }) => `| \`${page}\` | ${theirs.join(", ")} | ${medianScore(theirs)} | ${ours.join(", ")} | ${medianScore(ours)} |`),
  ].join("\n");
}

function updateDoc(section: string): void {
  const block = `${START}\n${section}\n${END}`;
  let doc = existsSync(docFile) ? readFileSync(docFile, "utf8") : "# Benchmarks\n";
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start !== -1 && end > start) doc = doc.slice(0, start) + block + doc.slice(end + END.length);
  else doc = `${doc.trimEnd()}\n\n## Lighthouse\n\n${block}\n`;
  writeFileSync(docFile, doc);
}

async function main(): Promise<number> {
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${option("runs")}`);
  const browser = chromiumVersion();
  if (!browser) throw new Error(`Chromium not runnable at ${chromiumPath()}; run node scripts/ensure-chromium.mjs`);
  mkdirSync(outDir, { recursive: true });
  const rows: Row[] = [];
  const comparison: { page: string; ours: number[]; theirs: number[] }[] = [];
  await withServer(port, pages, async (baseURL) => {
    for (const page of pages) {
      const results: LhResult[] = [];
      const compared: LhResult[] = [];
      for (let i = 1; i <= runs; i++) {
        if (compareURL) {
          const lhr = await runLighthouseWithRetry(`${compareURL}${page}`);
          compared.push(lhr);
          console.log(`${page} run ${i}/${runs} at ${compareURL}: performance ${score(lhr, "performance")}, TBT ${Math.round(metric(lhr, "total-blocking-time") ?? 0)} ms, LCP ${seconds(metric(lhr, "largest-contentful-paint"))}`);
        }
        const started = Date.now();
        const lhr = await runLighthouseWithRetry(`${baseURL}${page}`);
        results.push(lhr);
        writeFileSync(path.join(outDir, `lighthouse-${slug(page)}-run${i}.json`), JSON.stringify(lhr));
        console.log(
          `${page} run ${i}/${runs}: ${CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(", ")}; LCP ${seconds(metric(lhr, "largest-contentful-paint"))}, TBT ${Math.round(metric(lhr, "total-blocking-time") ?? 0)} ms, host benchmark index ${lhr.environment?.benchmarkIndex ?? "?"} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }
      const median = medianRun(results);
      writeFileSync(path.join(outDir, `lighthouse-${slug(page)}-median.json`), JSON.stringify(median));
      const perfScores = results.map((r) => score(r, "performance"));
      if (compareURL) comparison.push({ page, ours: perfScores, theirs: compared.map((r) => score(r, "performance")) });
      rows.push({
        page,
        lhr: median,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(median, c)])) as Record<Category, number>,
        perfScores,
      });
    }
  });

  const lighthouseVersion = (JSON.parse(readFileSync(path.join(root, "node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version;
  const cpus = os.cpus();
  const meta = {
    date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${browser}`,
    command: `npm run build && npm run bench:lighthouse${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    lighthouse: `Lighthouse ${lighthouseVersion}`,
  };
  const section = renderSection(rows, meta);
  writeFileSync(path.join(outDir, "lighthouse-summary.json"), JSON.stringify({ ...meta, runs, rows: rows.map(({ page, scores, perfScores }) => ({ page, scores, perfScores })) }, null, 2));
  console.log(`\n${section}\n`);
  if (compareURL) console.log(renderComparison(comparison, compareURL));
  if (writeDoc) {
    updateDoc(section);
    console.log(`Updated ${path.relative(root, docFile)}; reports in ${path.relative(root, outDir)}/`);
  }

  let missed = 0;
  for (const { page, lhr, scores } of rows) {
    for (const category of CATEGORIES) {
      if (scores[category] >= TARGETS[category]) continue;
      missed++;
      console.log(`MISS ${page}: ${category} ${scores[category]} < ${TARGETS[category]}`);
      for (const audit of failingAudits(lhr, category)) console.log(`       - ${audit}`);
    }
  }
  if (!missed) console.log("All pages meet the targets.");
  return missed && strict ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
