#!/usr/bin/env node
/**
 * `npm test`: every check, in order, stopping at the first failure.
 *
 *   typecheck → lint → messages → unit (vitest, incl. the PostgreSQL suite) → chromium → build → hints → brotli → e2e (Playwright)
 *
 * Options:
 *   --skip-build     reuse the existing .next build (local reruns)
 *   --from=<step>    start at that step (e.g. --from=e2e); implies nothing about the build being fresh
 *   --help
 * Pass them through npm with `npm test -- --skip-build`.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const steps = [
  { name: "typecheck", title: "TypeScript (tsc --noEmit)", cmd: bin("tsc"), args: ["--noEmit"] },
  { name: "lint", title: "ESLint (--max-warnings=0)", cmd: bin("eslint"), args: ["--max-warnings=0", "."] },
  { name: "messages", title: "i18n messages (pl ↔ en keys and placeholders)", cmd: process.execPath, args: [path.join(root, "scripts", "check-messages.mjs")] },
  { name: "unit", title: "Unit and PostgreSQL tests (vitest run)", cmd: bin("vitest"), args: ["run"] },
  { name: "chromium", title: "Chromium present (scripts/ensure-chromium.mjs)", cmd: process.execPath, args: [path.join(root, "scripts", "ensure-chromium.mjs")] },
  // The three parts of `npm run build`.
  { name: "build", title: "Production build (next build)", cmd: bin("next"), args: ["build"], build: true },
  { name: "hints", title: "Compile hints on the client chunks (scripts/compile-hints.mjs)", cmd: process.execPath, args: [path.join(root, "scripts", "compile-hints.mjs")], build: true },
  { name: "brotli", title: "Brotli copies of the scripts and stylesheets (scripts/compress-static.mjs)", cmd: process.execPath, args: [path.join(root, "scripts", "compress-static.mjs")], build: true },
  { name: "e2e", title: "End-to-end tests in Chromium (playwright test)", cmd: bin("playwright"), args: ["test"] },
];

function usage() {
  console.log(`Usage: node scripts/test.mjs [--skip-build] [--from=<step>]\nSteps: ${steps.map((s) => s.name).join(", ")}`);
}

const argv = process.argv.slice(2);
let skipBuild = false;
let from = null;
for (const arg of argv) {
  if (arg === "--skip-build") skipBuild = true;
  else if (arg.startsWith("--from=")) from = arg.slice("--from=".length);
  else if (arg === "--help" || arg === "-h") {
    usage();
    process.exit(0);
  } else {
    console.error(`Unknown argument: ${arg}`);
    usage();
    process.exit(2);
  }
}
if (from && !steps.some((s) => s.name === from)) {
  console.error(`Unknown step for --from: ${from}`);
  usage();
  process.exit(2);
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

const tty = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code) => (text) => (tty ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = paint("1");
const green = paint("32");
const red = paint("31");

const formatDuration = (ms) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(0)} s`);

let current = null;
function runStep(step) {
  return new Promise((resolve) => {
    if (!existsSync(step.cmd)) {
      resolve({ code: 127, error: `${path.relative(root, step.cmd)} not found — run npm install` });
      return;
    }
    const child = spawn(step.cmd, step.args, { cwd: root, env, stdio: "inherit" });
    current = child;
    child.on("error", (error) => resolve({ code: 127, error: error.message }));
    child.on("exit", (code, signal) => {
      current = null;
      resolve({ code: code ?? 1, signal });
    });
  });
}

// Ctrl-C reaches the child through the terminal's process group; forward SIGTERM explicitly.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (current) current.kill(signal);
    else process.exit(130);
  });
}

const results = [];
const started = Date.now();
let failed = null;
let reached = !from;

for (const step of steps) {
  if (!reached && step.name === from) reached = true;
  if (!reached) {
    results.push({ step, status: "skipped (--from)" });
    continue;
  }
  if (failed) {
    results.push({ step, status: "not run" });
    continue;
  }
  if (step.build && skipBuild) {
    const hasBuild = existsSync(path.join(root, ".next", "BUILD_ID"));
    results.push({ step, status: hasBuild ? "skipped (--skip-build)" : "skipped (--skip-build) — WARNING: no .next/BUILD_ID" });
    if (!hasBuild) console.warn("\n[test] --skip-build, but there is no existing build in .next; the e2e step will fail to start the server.\n");
    continue;
  }
  console.log(`\n${bold(`━━ [${steps.indexOf(step) + 1}/${steps.length}] ${step.title}`)}`);
  console.log(`   $ ${path.relative(root, step.cmd) || step.cmd} ${step.args.map((a) => (a.startsWith(root) ? path.relative(root, a) : a)).join(" ")}`);
  const t0 = Date.now();
  const result = await runStep(step);
  const ms = Date.now() - t0;
  if (result.code === 0) {
    console.log(green(`✔ ${step.name} passed in ${formatDuration(ms)}`));
    results.push({ step, status: "passed", ms });
  } else {
    const why = result.error ?? (result.signal ? `killed by ${result.signal}` : `exit code ${result.code}`);
    console.log(red(`✘ ${step.name} FAILED (${why}) after ${formatDuration(ms)}`));
    results.push({ step, status: `FAILED (${why})`, ms });
    failed = step;
  }
}

const width = Math.max(...steps.map((s) => s.name.length));
console.log(`\n${bold("━━ Summary")}`);
for (const { step, status, ms } of results) {
  const mark = status === "passed" ? green("✔") : status.startsWith("FAILED") ? red("✘") : "-";
  console.log(`  ${mark} ${step.name.padEnd(width)}  ${status}${ms !== undefined ? `  ${formatDuration(ms)}` : ""}`);
}
console.log(`  total ${formatDuration(Date.now() - started)}`);

if (failed) {
  console.log(`\n${red(`npm test FAILED at step "${failed.name}": ${failed.title}.`)}`);
  console.log(`Rerun from there with: node scripts/test.mjs --from=${failed.name}`);
  process.exit(1);
}
console.log(`\n${green("All checks passed.")}`);
