/**
 * What the benchmarks share: their option parser, and the production server (`node .next/production-server.mjs`)
 * on its own port with a fresh temp DATA_DIR, healthy before the first measurement, warmed up on the
 * measured pages, stopped by pid after. `dir` runs another checkout's build instead (a baseline to compare
 * with in the same run; a checkout from before the compiled entry runs `node --import tsx server.ts`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { productionServerArgs, productionServerEnv } from "../scripts/production-server-env";

/** `--name=value` → "value", a bare `--name` → "true", absent → undefined. */
export function option(name: string): string | undefined {
  const arg = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!arg) return undefined;
  return arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : "true";
}

const root = path.resolve(import.meta.dirname, "..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startServer(port: number, dataDir: string, extraEnv: Record<string, string>, dir: string): ChildProcess {
  if (!existsSync(path.join(dir, ".next", "BUILD_ID"))) {
    throw new Error(`No production build in ${path.join(dir, ".next")}; run \`npm run build\` first (the benchmarks build nothing).`);
  }
  const compiled = existsSync(path.join(dir, productionServerArgs[0]!));
  const child = spawn(process.execPath, compiled ? [...productionServerArgs] : ["--import", "tsx", "server.ts"], {
    cwd: dir,
    env: { ...process.env, ...productionServerEnv(port, dataDir), ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.log(`server: pid ${child.pid}, port ${port}, DATA_DIR ${dataDir}`);
  return child;
}

async function waitForHealth(child: ChildProcess, baseURL: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before becoming healthy`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`server did not answer ${baseURL}/api/health within ${timeoutMs / 1000} s`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  process.kill(child.pid, "SIGTERM");
  const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!killed && child.exitCode === null) {
    process.kill(child.pid, "SIGKILL");
    await exited;
  }
}

/**
 * Runs `measure(baseURL)` against a fresh, warmed-up production server (with `extraEnv` added to its
 * environment) and always stops it afterwards.
 */
export async function withServer<T>(
  port: number,
  pages: string[],
  measure: (baseURL: string, pid: number) => Promise<T>,
  extraEnv: Record<string, string> = {},
  dir: string = root,
): Promise<T> {
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aranzer-bench-"));
  const server = startServer(port, dataDir, extraEnv, dir);
  const onInterrupt = () => {
    if (server.exitCode === null && server.pid !== undefined) {
      try {
        process.kill(server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    process.exit(130);
  };
  process.once("SIGINT", onInterrupt);
  try {
    await waitForHealth(server, baseURL);
    // Warm up: the first requests on a fresh data directory initialise the database and compile caches;
    // that is start-up cost, not page performance.
    for (const page of pages) {
      const res = await fetch(`${baseURL}${page}`);
      if (!res.ok) throw new Error(`warm-up: GET ${page} returned ${res.status}`);
      await res.arrayBuffer();
    }
    return await measure(baseURL, server.pid!);
  } finally {
    process.off("SIGINT", onInterrupt);
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
