#!/usr/bin/env node
/**
 * Where the end-to-end tests and the benchmarks find Chromium, and a way to install it.
 *
 *   chromiumPath()     → $CHROMIUM_PATH or /usr/bin/chromium: the full browser, for the benchmarks
 *                        (Lighthouse, the main thread, the mask editor), which measure what people run
 *   testBrowserPath()  → $CHROMIUM_PATH or /usr/bin/chromium-headless-shell: the same Blink and V8 without
 *                        the browser's own user interface and GPU process, for the end-to-end tests
 *                        (read by playwright.config.ts; docs/testing.md has what it saves)
 *   chromiumArgs       → the flags every launch uses
 *   ensureChromium()   → installs the Debian package of either with apt-get when it is missing and we are
 *                        root; otherwise throws with the exact command to run
 *   chromiumVersion()  → "Chromium 156.0.8078.79 …" or null
 *
 * Run directly (`node scripts/ensure-chromium.mjs [--full]`) it ensures the tests' browser (the full one with
 * --full) and prints path and version. Never uses `npx playwright install` (that downloads browsers from the
 * internet).
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { pathToFileURL } from "node:url";

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";
export const DEFAULT_TEST_BROWSER_PATH = "/usr/bin/chromium-headless-shell";
/** Debian's package for each default path. */
const packageOf = { [DEFAULT_CHROMIUM_PATH]: "chromium", [DEFAULT_TEST_BROWSER_PATH]: "chromium-headless-shell" };

/** Flags for every launch: headless, no sandbox (we run as root in CI), and nothing that phones home. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

export function testBrowserPath() {
  return process.env.CHROMIUM_PATH || DEFAULT_TEST_BROWSER_PATH;
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function chromiumVersion(executable = chromiumPath()) {
  // Debian's wrapper prints a harmless "[: …: unexpected operator" on stderr; ignore stderr.
  const res = spawnSync(executable, ["--version"], { encoding: "utf8", timeout: 30_000 });
  if (res.status !== 0 || !res.stdout) return null;
  return res.stdout.trim();
}

function howToInstall(executable) {
  return [
    `Chromium was not found at ${executable}.`,
    "The end-to-end tests need Debian's chromium-headless-shell and the benchmarks its chromium. Install them with:",
    "",
    "    sudo apt-get update && sudo apt-get install -y chromium-headless-shell chromium",
    "",
    "or point CHROMIUM_PATH at an existing Chrome/Chromium binary, e.g.",
    "",
    "    CHROMIUM_PATH=/usr/bin/google-chrome npm test",
    "",
    "(Do not use `npx playwright install`: it downloads browsers from the internet.)",
  ].join("\n");
}

/** Makes sure the browser at `executable` exists, installing its package with apt-get when possible. Returns its path. */
export function ensureChromium(executable = chromiumPath()) {
  if (isExecutable(executable)) return executable;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const debianPackage = packageOf[executable];
  const customPath = !debianPackage;
  const hasApt = spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
  if (!isRoot || customPath || !hasApt) {
    const why = customPath
      ? `CHROMIUM_PATH is set to ${executable}, which does not exist or is not executable.`
      : !isRoot
        ? "Not running as root, so it cannot be installed automatically."
        : "apt-get is not available, so it cannot be installed automatically.";
    throw new Error(`${howToInstall(executable)}\n\n${why}`);
  }

  console.log(`Chromium not found at ${executable}; installing Debian's ${debianPackage} with apt-get …`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", debianPackage]]) {
    console.log(`$ apt-get ${args.join(" ")}`);
    const res = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (res.status !== 0) {
      throw new Error(`apt-get ${args.join(" ")} failed (exit ${res.status ?? res.signal}).\n\n${howToInstall(executable)}`);
    }
  }
  if (!isExecutable(executable)) {
    throw new Error(`apt-get installed ${debianPackage}, but ${executable} still does not exist.\n\n${howToInstall(executable)}`);
  }
  return executable;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  try {
    const executable = ensureChromium(process.argv.includes("--full") ? chromiumPath() : testBrowserPath());
    console.log(`Chromium: ${executable} (${chromiumVersion(executable) ?? "version unknown"})`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
