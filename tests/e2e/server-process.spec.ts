/**
 * The production server as a process: when whoever reads its output goes away (a closed pipe), it stops
 * instead of failing every log line and logging that failure again, for ever, at full CPU.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { productionServerArgs, productionServerEnv } from "../../scripts/production-server-env";
import { testPort } from "../support/ports";
import { expect, test } from "./fixtures";

test("stops when its output pipe is closed", async () => {
  test.setTimeout(120_000);
  const port = await testPort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "aranzer-e2e-pipe-"));
  // A copy of the run's migrated database (playwright.config.ts): an empty one takes seconds to create.
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (template) cpSync(template, path.join(dataDir, "db"), { recursive: true });
  const child = spawn(process.execPath, [...productionServerArgs], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, ...productionServerEnv(port, dataDir) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    const baseURL = `http://127.0.0.1:${port}`;
    await expect(async () => expect((await fetch(`${baseURL}/api/health`)).ok).toBe(true)).toPass({ timeout: 60_000, intervals: [200] });
    // The reader goes away; the next request's log line meets a closed pipe.
    child.stdout.destroy();
    child.stderr.destroy();
    await fetch(`${baseURL}/api/health`).catch(() => undefined);
    const stillRunning = new Promise<string>((resolve) => setTimeout(() => resolve("still running 30 s later"), 30_000).unref());
    expect(await Promise.race([exited, stillRunning])).toBe(0);
  } finally {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
