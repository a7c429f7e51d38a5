/**
 * End-to-end tests: Debian's Chromium (never `npx playwright install`), one worker (2-core machine), against
 * the production build served by `node --import tsx server.ts` with a fresh data directory per run.
 *
 * Specs read the data directory from E2E_DATA_DIR (e.g. $E2E_DATA_DIR/mail/*.eml, see tests/e2e/support.ts).
 * Environment knobs: E2E_PORT (default 3107), E2E_KEEP_DATA=1 (keep the data dir after the run),
 * CHROMIUM_PATH (default /usr/bin/chromium).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/ensure-chromium.mjs";
import { productionServerEnv } from "./scripts/production-server-env";

const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${port}`;

// The config is evaluated by the runner and again by every worker; workers inherit the runner's
// environment, so the directory is created once (in the runner) and shared through E2E_DATA_DIR.
function sharedDataDir(): string {
  const existing = process.env.E2E_DATA_DIR;
  if (existing) return existing;
  const dir = mkdtempSync(path.join(tmpdir(), "aranzer-e2e-"));
  process.env.E2E_DATA_DIR = dir;
  process.once("exit", () => {
    if (process.env.E2E_KEEP_DATA) console.log(`E2E data directory kept: ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}
const dataDir = sharedDataDir();

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: "desktop",
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "node --import tsx server.ts",
    cwd: import.meta.dirname,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: { ...productionServerEnv(port, dataDir), RATE_LIMIT_MULTIPLIER: "50" },
  },
});
