/**
 * A private, throwaway PostgreSQL cluster for the test run: initdb into a temp dir, pg_ctl start on a
 * free loopback port, one database `aranzer_test`. Returns null (after a loud warning on stderr) when the
 * binaries are missing or the cluster cannot be started, so the PostgreSQL suite is skipped, not failed —
 * except where PostgreSQL is required (CI=true, or REQUIRE_POSTGRES=1): there it throws, and the run fails.
 *
 * Runs as the `postgres` user via `runuser` when the current user is root (initdb refuses root).
 */
import { execFile, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, chownSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";
import { isProcessRunning } from "../../src/server/db/claim-data-dir";

export type ThrowawayPostgres = {
  /** postgresql://postgres@127.0.0.1:PORT/aranzer_test */
  url: string;
  /** The cluster's temp directory (data dir, socket, log); removed by stop(). */
  dir: string;
  /** Stops the postmaster (pg_ctl stop -m immediate) and removes the directory. Safe to call twice. */
  stop(): Promise<void>;
};

export type PostgresBinaries = { initdb: string; pgCtl: string; binDir: string };

const EXEC_TIMEOUT_MS = 60_000;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finds initdb and pg_ctl: first in PATH, then in /usr/lib/postgresql/<version>/bin (highest version); with
 * POSTGRES_BINDIR set, only there (e.g. POSTGRES_BINDIR=/nonexistent plays a machine without PostgreSQL).
 */
export function findPostgresBinaries(): PostgresBinaries | null {
  const only = process.env.POSTGRES_BINDIR;
  if (only) {
    const initdb = path.join(only, "initdb");
    const pgCtl = path.join(only, "pg_ctl");
    return isExecutable(initdb) && isExecutable(pgCtl) ? { initdb, pgCtl, binDir: only } : null;
  }
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  for (const dir of dirs) {
    const initdb = path.join(dir, "initdb");
    const pgCtl = path.join(dir, "pg_ctl");
    if (isExecutable(initdb) && isExecutable(pgCtl)) return { initdb, pgCtl, binDir: dir };
  }
  const root = "/usr/lib/postgresql";
  let versions: string[] = [];
  try {
    versions = readdirSync(root);
  } catch {
    return null;
  }
  const sorted = versions
    .filter((v) => /^\d+(\.\d+)*$/.test(v))
    .sort((a, b) => {
      const pa = a.split(".").map(Number);
      const pb = b.split(".").map(Number);
      for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
        const d = (pb[i] ?? 0) - (pa[i] ?? 0);
        if (d !== 0) return d;
      }
      return 0;
    });
  for (const version of sorted) {
    const binDir = path.join(root, version, "bin");
    const initdb = path.join(binDir, "initdb");
    const pgCtl = path.join(binDir, "pg_ctl");
    if (isExecutable(initdb) && isExecutable(pgCtl)) return { initdb, pgCtl, binDir };
  }
  return null;
}

/** CI=true (or 1), or REQUIRE_POSTGRES=1: a missing PostgreSQL fails the run instead of skipping its suite. */
export function postgresRequired(): boolean {
  return ["true", "1"].includes(process.env.CI ?? "") || process.env.REQUIRE_POSTGRES === "1";
}

function warnSkipped(reason: string, details?: string, installHint = false): void {
  const bar = "=".repeat(78);
  const required = postgresRequired();
  const lines = [
    "",
    bar,
    required ? `!!  PostgreSQL is REQUIRED here (CI=true or REQUIRE_POSTGRES=1) and could not run: ${reason}` : `!!  PostgreSQL suite SKIPPED: ${reason}`,
    required ? "!!  The run fails instead of passing without the PostgreSQL suite." : "!!  Tests that need a real PostgreSQL server will not run in this run.",
  ];
  if (installHint) {
    lines.push(
      "!!  To run them, install PostgreSQL (Debian: apt-get install -y postgresql) so that",
      "!!  initdb and pg_ctl are in PATH or in /usr/lib/postgresql/<version>/bin.",
    );
  }
  if (details) {
    lines.push("!!  Details:");
    for (const line of details.trim().split("\n").slice(-25)) lines.push(`!!    ${line}`);
  }
  lines.push(bar, "");
  process.stderr.write(`${lines.join("\n")}\n`);
  if (required) throw new Error(`PostgreSQL is required (CI=true or REQUIRE_POSTGRES=1) but could not run: ${reason}. Install it (Debian: apt-get install -y postgresql) or unset CI/REQUIRE_POSTGRES to skip its suite.`);
}

type RunResult = { code: number; stdout: string; stderr: string };

function run(argv: string[], asPostgres: boolean): Promise<RunResult> {
  const [cmd, ...args] = asPostgres ? ["runuser", "-u", "postgres", "--", ...argv] : argv;
  return new Promise((resolve) => {
    execFile(
      cmd!,
      args,
      // LC_ALL must not name a locale the cluster cannot use; initdb gets --locale explicitly.
      { timeout: EXEC_TIMEOUT_MS, env: { ...process.env, LC_ALL: "C", LANG: "C" }, encoding: "utf8" },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        const extra = error && typeof error.code !== "number" ? `\n${error.message}` : "";
        resolve({ code, stdout: String(stdout), stderr: String(stderr) + extra });
      },
    );
  });
}

/** A loopback port nobody listens on right now (for throwaway servers started by tests and benchmarks). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("could not get a free port"))));
    });
  });
}

function readLog(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

const DIR_PREFIX = "aranzer-pg-";
const OWNER_FILE = "owner.pid";

function pgCtlStopSync(bins: PostgresBinaries, dataDir: string, asPostgres: boolean): void {
  const argv = [bins.pgCtl, "-D", dataDir, "stop", "-m", "immediate", "-w"];
  const [cmd, ...args] = asPostgres ? ["runuser", "-u", "postgres", "--", ...argv] : argv;
  spawnSync(cmd!, args, { stdio: "ignore", timeout: 30_000 });
}

/**
 * Clusters left behind by a test run that was killed (SIGKILL, timeout): their directory records the
 * owning process; when that process is gone, stop the postmaster by its data dir and remove the directory.
 */
function reapStaleClusters(bins: PostgresBinaries, asPostgres: boolean): void {
  let names: string[] = [];
  try {
    names = readdirSync(tmpdir()).filter((name) => name.startsWith(DIR_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = path.join(tmpdir(), name);
    try {
      const owner = Number(readFileSync(path.join(dir, OWNER_FILE), "utf8").trim());
      if (!Number.isInteger(owner) || owner <= 0 || isProcessRunning(owner)) continue;
      if (existsSync(path.join(dir, "data", "postmaster.pid"))) pgCtlStopSync(bins, path.join(dir, "data"), asPostgres);
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Not ours to judge (no owner file, other user's directory): leave it.
    }
  }
}

/** Starts a private cluster, or returns null with a loud warning when that is impossible here. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | null> {
  const bins = findPostgresBinaries();
  if (!bins) {
    warnSkipped("initdb/pg_ctl not found", "Looked in PATH and /usr/lib/postgresql/*/bin.", true);
    return null;
  }

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  let pgUid = -1;
  let pgGid = -1;
  if (isRoot) {
    const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (id.status !== 0 || gid.status !== 0) {
      warnSkipped("running as root and there is no `postgres` user to run initdb as", id.stderr);
      return null;
    }
    if (spawnSync("runuser", ["--help"], { encoding: "utf8" }).error) {
      warnSkipped("running as root and `runuser` is not available to drop to the `postgres` user");
      return null;
    }
    pgUid = Number(id.stdout.trim());
    pgGid = Number(gid.stdout.trim());
  }

  reapStaleClusters(bins, isRoot);

  let dir: string;
  try {
    dir = mkdtempSync(path.join(tmpdir(), DIR_PREFIX));
  } catch (error) {
    warnSkipped(`could not create a temporary directory in ${tmpdir()}`, (error as Error).message);
    return null;
  }
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  try {
    if (isRoot) chownSync(dir, pgUid, pgGid);
    writeFileSync(path.join(dir, OWNER_FILE), `${process.pid}\n`);
    // Create the log file up front so the postgres user (or we) can append to it.
    writeFileSync(logFile, "");
    if (isRoot) chownSync(logFile, pgUid, pgGid);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    warnSkipped(`could not prepare ${dir} for the postgres user`, (error as Error).message);
    return null;
  }

  let started = false;
  const stopSync = () => {
    if (started) {
      pgCtlStopSync(bins, dataDir, isRoot);
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // If the run ends without calling stop() (crash, Ctrl-C, timeout's SIGTERM), do not leave a postmaster behind.
  // 'exit' does not fire when a signal kills the process, so handle the signals too; when nobody else
  // listens for the signal, re-raise it so the process still dies the way it would have.
  const onExit = () => stopSync();
  const onSignal = (signal: NodeJS.Signals) => {
    removeHooks();
    stopSync();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const removeHooks = () => {
    process.removeListener("exit", onExit);
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
    process.removeListener("SIGHUP", onSignal);
  };
  process.once("exit", onExit);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  process.once("SIGHUP", onSignal);

  const fail = (reason: string, details: string): null => {
    removeHooks();
    stopSync();
    warnSkipped(reason, details);
    return null;
  };

  // initdb, preferring C.UTF-8 and falling back to C.
  const initArgs = [bins.initdb, "-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"];
  let init = await run([...initArgs, "--locale=C.UTF-8"], isRoot);
  if (init.code !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    init = await run([...initArgs, "--locale=C"], isRoot);
  }
  if (init.code !== 0) {
    return fail(`initdb failed (exit ${init.code}, user ${isRoot ? "postgres via runuser" : userInfo().username})`, init.stderr || init.stdout);
  }

  // Start on a free port; retry a couple of times in case another process grabbed it meanwhile.
  let port = 0;
  let lastError = "";
  for (let attempt = 0; attempt < 3 && !started; attempt++) {
    port = await freePort();
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    const res = await run([bins.pgCtl, "-D", dataDir, "-l", logFile, "-o", opts, "-w", "-t", "60", "start"], isRoot);
    if (res.code === 0) {
      started = true;
    } else {
      lastError = `${res.stderr || res.stdout}\n--- postgres.log ---\n${readLog(logFile)}`;
      // pg_ctl may have left a half-started postmaster; stop it before retrying.
      await run([bins.pgCtl, "-D", dataDir, "stop", "-m", "immediate", "-w"], isRoot);
    }
  }
  if (!started) return fail("pg_ctl could not start the server", lastError);

  const base = `postgresql://postgres@127.0.0.1:${port}`;
  try {
    await createDatabase(`${base}/postgres`, "aranzer_test");
  } catch (error) {
    return fail("could not create the aranzer_test database", `${(error as Error).message}\n${readLog(logFile)}`);
  }

  let stopped = false;
  return {
    url: `${base}/aranzer_test`,
    dir,
    async stop() {
      if (stopped) return;
      stopped = true;
      removeHooks();
      if (started) {
        await run([bins.pgCtl, "-D", dataDir, "stop", "-m", "immediate", "-w"], isRoot);
        started = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const DB_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Creates (or re-creates) an empty database `name` in the cluster that `url` points at and returns its
 * URL, so each test file can have a database of its own.
 */
export async function createDatabase(url: string, name: string): Promise<string> {
  if (!DB_NAME.test(name)) {
    throw new Error(`createDatabase: invalid database name ${JSON.stringify(name)} (use [a-z_][a-z0-9_]*, at most 63 chars)`);
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}
