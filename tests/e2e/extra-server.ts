/**
 * A second production server for the specs that need other settings than the shared one (a failing or
 * slow fake engine, a short image lifetime): same build, its own port and data directory.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { productionServerArgs, productionServerEnv } from "../../scripts/production-server-env";
import { testPort } from "../support/ports";

export type ExtraServer = { baseURL: string; dataDir: string; stop: () => Promise<void> };


export async function startExtraServer(env: Record<string, string>): Promise<ExtraServer> {
  const port = await testPort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "aranzer-e2e-extra-"));
  // Its database starts as a copy of the run's migrated one (playwright.config.ts), not empty.
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (template) cpSync(template, path.join(dataDir, "db"), { recursive: true });
  const child: ChildProcess = spawn(process.execPath, [...productionServerArgs], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, ...productionServerEnv(port, dataDir), RATE_LIMIT_MULTIPLIER: "50", E2E_SIGN_IN: "true", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`extra server exited (${child.exitCode}):\n${stderr}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL"); // not left running behind a failed start
      throw new Error(`extra server did not start:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
