/**
 * End-to-end tests: Debian's Chromium (never `npx playwright install`) against the production build served by
 * `node .next/production-server.mjs`. Every spec file under tests/e2e/ is picked up (`*.spec.ts`).
 *
 * Two workers, each with a server of its own: its own port (E2E_PORT, E2E_PORT + 1, …) and its own data
 * directory, hence its own PGlite database (a PGlite directory belongs to one process) and its own mail
 * outbox. All of them run the one build in .next; specs that need other settings start another server from
 * it (tests/e2e/extra-server.ts), never a second build. Tests are spread over the workers one by one, not
 * file by file (fullyParallel), so a test must not rely on another test having run before it; a group that
 * shares something expensive (an extra server in beforeAll) keeps its tests together with
 * `test.describe.configure({ mode: "default" })`.
 * Specs import `test` and `expect` from tests/e2e/fixtures.ts, which points `page`, `request` and `baseURL`
 * at the worker's own server and sets E2E_DATA_DIR to its data directory (e.g. $E2E_DATA_DIR/mail/*.eml).
 *
 * Environment knobs: E2E_TRACE (default off; retain-on-failure keeps a trace of each failed test), E2E_WORKERS (default 2), E2E_PORT (first server's port, default 3201; the tests'
 * other processes take ports above it, see tests/support/ports.ts), E2E_KEEP_DATA=1 (keep the data
 * directories after the run), CHROMIUM_PATH (default /usr/bin/chromium-headless-shell, Debian's package of the same name).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, testBrowserPath } from "./scripts/ensure-chromium.mjs";
import { productionServerArgs, productionServerEnv } from "./scripts/production-server-env";
import { E2E_BASE_PORT } from "./tests/support/ports";
import { migratedPglite } from "./tests/support/pglite-template";

const workers = Number(process.env.E2E_WORKERS || 2);

export type E2EServer = { baseURL: string; dataDir: string };

// The config is evaluated by the runner and again by every worker; workers inherit the runner's
// environment, so the directories are made once (in the runner) and handed on through E2E_SERVERS.
// Every server's database starts as a copy of one migrated embedded database (E2E_PGLITE_TEMPLATE, which
// tests/e2e/extra-server.ts copies too): a server on an empty directory spends 3–4 s creating it.
async function servers(): Promise<E2EServer[]> {
  if (process.env.E2E_SERVERS) return JSON.parse(process.env.E2E_SERVERS) as E2EServer[];
  const root = mkdtempSync(path.join(tmpdir(), "aranzer-e2e-"));
  const template = path.join(root, "pglite-template");
  await migratedPglite(template);
  process.env.E2E_PGLITE_TEMPLATE = template;
  const list = Array.from({ length: workers }, (_, i) => {
    const dataDir = path.join(root, `server-${i + 1}`);
    mkdirSync(dataDir);
    cpSync(template, path.join(dataDir, "db"), { recursive: true });
    return { baseURL: `http://127.0.0.1:${E2E_BASE_PORT + i}`, dataDir };
  });
  process.env.E2E_SERVERS = JSON.stringify(list);
  process.env.E2E_DATA_DIR = list[0]!.dataDir;
  process.once("exit", () => {
    if (process.env.E2E_KEEP_DATA) console.log(`E2E data directories kept under ${root}`);
    else rmSync(root, { recursive: true, force: true });
  });
  return list;
}
const list = await servers();

export default defineConfig({
  testDir: "tests/e2e",
  // Its own folder: Playwright empties it at the start, and test-results/logs holds the other steps' output.
  outputDir: "test-results/e2e",
  workers,
  fullyParallel: true,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["./tests/support/loud-skips-playwright.ts"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: list[0]!.baseURL,
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
    // Recording a trace of every test costs about a quarter of Chromium's CPU on two cores; a failure still
    // leaves a screenshot and the server's log. E2E_TRACE=retain-on-failure records them when chasing one.
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: testBrowserPath(),
      args: chromiumArgs,
    },
  },
  // The longest single test (four processes on PostgreSQL and S3) is handed out first: last in the queue,
  // it ran alone at the end while the other worker sat idle.
  projects: [
    {
      name: "multi-process",
      testMatch: "scale.spec.ts",
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
    {
      name: "desktop",
      testIgnore: "scale.spec.ts",
      use: { browserName: "chromium", viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: list.map(({ baseURL, dataDir }) => ({
    command: `node ${productionServerArgs.join(" ")}`,
    cwd: import.meta.dirname,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    // E2E_SIGN_IN: the account fixture's shortcut (POST /api/test/sign-in); refused off loopback.
    env: { ...productionServerEnv(Number(new URL(baseURL).port), dataDir), RATE_LIMIT_MULTIPLIER: "50", E2E_SIGN_IN: "true" },
  })),
});
