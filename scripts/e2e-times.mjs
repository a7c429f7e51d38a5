#!/usr/bin/env node
/**
 * Per-spec wall time of the last Playwright run, from its JSON report (playwright.config.ts writes
 * test-results/e2e-report.json): for each spec file, from its first test's start to its last test's end,
 * with the number of tests and the worker(s) it ran on, slowest first. Usage:
 *
 *   node scripts/e2e-times.mjs [report.json] [--max=90]
 *
 * With --max, exits 1 when a spec took longer than that many seconds.
 */
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--")) ?? "test-results/e2e-report.json";
const max = Number(args.find((a) => a.startsWith("--max="))?.slice("--max=".length) ?? NaN);
const report = JSON.parse(readFileSync(file, "utf8"));

const specs = new Map();
function walk(suite, specFile) {
  const fileName = suite.file ?? specFile;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      for (const result of test.results ?? []) {
        const start = Date.parse(result.startTime);
        const entry = specs.get(fileName) ?? { start: Infinity, end: 0, tests: 0, busy: 0, workers: new Set(), statuses: new Set() };
        entry.start = Math.min(entry.start, start);
        entry.end = Math.max(entry.end, start + result.duration);
        entry.busy += result.duration;
        entry.tests++;
        entry.workers.add(result.parallelIndex);
        entry.statuses.add(result.status);
        specs.set(fileName, entry);
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, fileName);
}
for (const suite of report.suites ?? []) walk(suite, suite.file);

const rows = [...specs].map(([name, e]) => ({ name, wall: (e.end - e.start) / 1000, busy: e.busy / 1000, tests: e.tests, workers: [...e.workers].join(","), statuses: [...e.statuses].join(",") }));
rows.sort((a, b) => b.wall - a.wall);
console.log("| Spec | Tests | Wall (s) | Sum of tests (s) | Worker | Outcome |\n|---|---:|---:|---:|---|---|");
for (const r of rows) console.log(`| \`${r.name}\` | ${r.tests} | ${r.wall.toFixed(1)} | ${r.busy.toFixed(1)} | ${r.workers} | ${r.statuses} |`);
console.log(`\nRun: ${(report.stats.duration / 1000).toFixed(1)} s wall, ${report.stats.expected} passed, ${report.stats.unexpected} failed, ${report.stats.skipped} skipped, ${report.stats.flaky} flaky`);
const over = rows.filter((r) => r.wall > max);
if (over.length) {
  console.error(`Over ${max} s: ${over.map((r) => `${r.name} (${r.wall.toFixed(1)} s)`).join(", ")}`);
  process.exit(1);
}
