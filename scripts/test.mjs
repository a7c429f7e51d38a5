#!/usr/bin/env node
/**
 * `npm test`: every check, independent ones side by side, stopping everything at the first failure.
 *
 *   build → hints → brotli ┐
 *         → server ───────┼→ e2e (Playwright, one server per worker from that build)
 *   chromium ──────────────┘
 *   unit (vitest, incl. the PostgreSQL suite) → typecheck → lint → messages   (beside the above)
 *
 * At most --jobs steps run at once (default: the number of cores), each started as soon as what it needs
 * has passed and a place is free, in the order of the list below: the build first, and the browser tests
 * as soon as the build is done. The browser tests spend much of their time waiting on pages, servers and
 * engines' latencies, so the other checks run beside them rather than before them. A step's output goes to
 * test-results/logs/<step>.log and is printed when it ends (in full when it failed); the last step, alone
 * by then, prints as it goes.
 *
 * `npm run test:quick` (--quick): types, lint, messages and the unit tests on PGlite only (no PostgreSQL,
 * no build, no browser) — the inner loop.
 *
 * Options:
 *   --quick          the inner loop above
 *   --skip-build     reuse the existing .next build (local reruns)
 *   --only=a,b       just these steps (e.g. --only=e2e with --skip-build)
 *   --jobs=N         steps at once (default: cores)
 *   --help
 * Pass them through npm with `npm test -- --skip-build`.
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const node = (script) => ({ cmd: process.execPath, args: [path.join(root, "scripts", script)] });

const all = [
  // The four parts of `npm run build`, first: the browser tests wait for them.
  { name: "build", title: "Production build (next build)", cmd: bin("next"), args: ["build"], build: true },
  { name: "hints", title: "Compile hints on the client chunks (scripts/compile-hints.mjs)", ...node("compile-hints.mjs"), needs: ["build"], build: true },
  { name: "brotli", title: "Brotli copies of the scripts and stylesheets (scripts/compress-static.mjs)", ...node("compress-static.mjs"), needs: ["hints"], build: true },
  { name: "server", title: "Production entry compiled from server.ts (scripts/compile-server.mjs)", ...node("compile-server.mjs"), needs: ["build"], build: true },
  { name: "chromium", title: "Chromium present (scripts/ensure-chromium.mjs)", ...node("ensure-chromium.mjs") },
  {
    name: "e2e",
    title: "End-to-end tests in Chromium (playwright test)",
    cmd: bin("playwright"),
    args: ["test"],
    // As soon as the build and the browser are there; the other checks run beside it.
    needs: ["brotli", "server", "chromium"],
  },
  // One vitest worker when the build and the browser tests run beside it: on two cores a second one slowed them by
  // more than it saved (docs/testing.md). Alone (--quick, --only=unit) it takes every core.
  { name: "unit", title: "Unit and PostgreSQL tests (vitest run)", cmd: bin("vitest"), args: ["run"], besideBuild: { VITEST_MAX_WORKERS: "1" } },
  { name: "typecheck", title: "TypeScript (tsc --noEmit)", cmd: bin("tsc"), args: ["--noEmit"] },
  { name: "lint", title: "ESLint (--max-warnings=0)", cmd: bin("eslint"), args: ["--max-warnings=0", "--cache", "--cache-location", "node_modules/.cache/eslint/", "."] },
  { name: "messages", title: "i18n messages (pl ↔ en keys and ICU arguments)", ...node("check-messages.mjs") },
];
const quickSteps = ["unit", "typecheck", "lint", "messages"];

function usage() {
  console.log(`Usage: node scripts/test.mjs [--quick] [--skip-build] [--only=a,b] [--jobs=N]\nSteps: ${all.map((s) => s.name).join(", ")}`);
}

const argv = process.argv.slice(2);
let skipBuild = false;
let quick = false;
let only = null;
let jobs = availableParallelism();
for (const arg of argv) {
  if (arg === "--skip-build") skipBuild = true;
  else if (arg === "--quick") quick = true;
  else if (arg.startsWith("--only=")) only = arg.slice("--only=".length).split(",").filter(Boolean);
  else if (arg.startsWith("--jobs=")) jobs = Math.max(1, Number(arg.slice("--jobs=".length)) || 1);
  else if (arg === "--help" || arg === "-h") {
    usage();
    process.exit(0);
  } else {
    console.error(`Unknown argument: ${arg}`);
    usage();
    process.exit(2);
  }
}
for (const name of only ?? []) {
  if (!all.some((s) => s.name === name)) {
    console.error(`Unknown step for --only: ${name}`);
    usage();
    process.exit(2);
  }
}

const selected = new Set(only ?? (quick ? quickSteps : all.map((s) => s.name)));
if (skipBuild) for (const s of all) if (s.build) selected.delete(s.name);
const steps = all.filter((s) => selected.has(s.name));
if (skipBuild && selected.has("e2e") && !existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.warn("\n[test] --skip-build, but there is no existing build in .next; the e2e step will fail to start the server.\n");
}

// The quick loop runs the unit tests on PGlite alone (tests/support/global-setup.ts reads this).
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...(quick ? { TEST_DATABASES: "pglite" } : {}) };
if (!env.FORCE_COLOR && process.stdout.isTTY && !process.env.NO_COLOR) env.FORCE_COLOR = "1";

const tty = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code) => (text) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = paint("1");
const green = paint("32");
const red = paint("31");

const formatDuration = (ms) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(0)} s`);
const shown = (step) => `${path.relative(root, step.cmd) || step.cmd} ${step.args.map((a) => (a.startsWith(root) ? path.relative(root, a) : a)).join(" ")}`;

const logDir = path.join(root, "test-results", "logs");
mkdirSync(logDir, { recursive: true });

const running = new Map();
const results = new Map();
let failed = null;
const started = Date.now();

/** Runs a step; streams it when it is the last one left, otherwise into its log file. */
function runStep(step, stream) {
  return new Promise((resolve) => {
    if (!existsSync(step.cmd)) {
      resolve({ code: 127, error: `${path.relative(root, step.cmd)} not found — run npm install` });
      return;
    }
    const logFile = path.join(logDir, `${step.name}.log`);
    const log = createWriteStream(logFile);
    const besideBuild = step.besideBuild && steps.some((s) => s.build || s.name === "e2e");
    const child = spawn(step.cmd, step.args, { cwd: root, env: besideBuild ? { ...env, ...step.besideBuild } : env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.set(step.name, child);
    for (const source of [child.stdout, child.stderr]) {
      source.on("data", (chunk) => {
        log.write(chunk);
        if (stream) (source === child.stderr ? process.stderr : process.stdout).write(chunk);
      });
    }
    child.on("error", (error) => resolve({ code: 127, error: error.message, logFile }));
    child.on("close", (code, signal) => {
      running.delete(step.name);
      log.end(() => resolve({ code: code ?? 1, signal, logFile }));
    });
  });
}

function stopAll(signal) {
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, signal); // its whole group: Playwright's servers, vitest's workers
    } catch {
      // Already gone.
    }
  }
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    failed ??= { name: "interrupted", title: `interrupted by ${signal}` };
    stopAll(signal);
    if (running.size === 0) process.exit(130);
  });
}

const pending = [...steps];
await new Promise((done) => {
  const ready = (step) => (step.needs ?? []).every((need) => !selected.has(need) || results.get(need)?.status === "passed");
  const pump = () => {
    if (failed) {
      if (running.size === 0) done();
      return;
    }
    if (pending.length === 0 && running.size === 0) return done();
    while (running.size < jobs) {
      const index = pending.findIndex(ready);
      if (index < 0) break;
      const [step] = pending.splice(index, 1);
      // Stream it live when nothing else can run beside it.
      const stream = running.size === 0 && pending.length === 0;
      console.log(`\n${bold(`━━ ${step.title}`)}\n   $ ${shown(step)}${stream ? "" : `   (output: ${path.relative(root, path.join(logDir, `${step.name}.log`))})`}`);
      const t0 = Date.now();
      runStep(step, stream).then((result) => {
        const ms = Date.now() - t0;
        if (!stream && result.logFile) {
          const text = readFileSync(result.logFile, "utf8");
          const lines = text.trimEnd().split("\n");
          // A step stopped because another failed only says where it was; the failure is what to read.
          const tail = result.code === 0 ? lines.slice(-12) : failed !== null ? lines.slice(-8) : lines;
          console.log(`\n${bold(`── ${step.name}`)}${lines.length > tail.length ? ` (last ${tail.length} lines)` : ""}\n${tail.join("\n")}`);
        }
        if (result.code === 0) {
          console.log(green(`✔ ${step.name} passed in ${formatDuration(ms)}`));
          results.set(step.name, { status: "passed", ms });
        } else {
          const why = result.error ?? (result.signal ? `killed by ${result.signal}` : `exit code ${result.code}`);
          const stoppedByUs = failed !== null;
          results.set(step.name, { status: stoppedByUs ? `stopped (${why})` : `FAILED (${why})`, ms });
          if (!stoppedByUs) {
            console.log(red(`✘ ${step.name} FAILED (${why}) after ${formatDuration(ms)}`));
            failed = step;
            // SIGINT, as Ctrl-C: Playwright then stops the servers it started (on SIGTERM it leaves them running).
            stopAll("SIGINT");
          }
        }
        pump();
      });
    }
    if (running.size === 0 && pending.length > 0 && !pending.some(ready)) done();
  };
  pump();
});

const width = Math.max(...steps.map((s) => s.name.length));
console.log(`\n${bold("━━ Summary")}`);
for (const step of steps) {
  const result = results.get(step.name) ?? { status: "not run" };
  const mark = result.status === "passed" ? green("✔") : result.status.startsWith("FAILED") ? red("✘") : "-";
  console.log(`  ${mark} ${step.name.padEnd(width)}  ${result.status}${result.ms !== undefined ? `  ${formatDuration(result.ms)}` : ""}`);
}
console.log(`  total ${formatDuration(Date.now() - started)} (${jobs} at once)`);

if (failed?.name && failed.name !== "interrupted") {
  // Repeated last, so that a log cut to its end still shows why.
  const log = path.join(logDir, `${failed.name}.log`);
  if (existsSync(log)) {
    const all = readFileSync(log, "utf8").trimEnd().split("\n");
    const vitestFailures = all.findIndex((line) => /⎯ Failed Tests \d+ ⎯/.test(line.replace(/\x1b\[[0-9;]*m/g, "")));
    const lines = vitestFailures >= 0 ? all.slice(vitestFailures, vitestFailures + 150) : all.slice(-80);
    console.log(`\n${bold(`── why ${failed.name} failed (from ${path.relative(root, log)})`)}\n${lines.join("\n")}`);
  }
}
if (failed) {
  console.log(`\n${red(`${quick ? "npm run test:quick" : "npm test"} FAILED at step "${failed.name}": ${failed.title}.`)}`);
  if (failed.name !== "interrupted") console.log(`Rerun it alone with: node scripts/test.mjs --only=${failed.name}${failed.name === "e2e" ? " --skip-build" : ""}`);
  process.exit(1);
}
console.log(`\n${green("All checks passed.")}`);
