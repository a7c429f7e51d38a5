/**
 * What the signed-in benchmarks (generation, uploads, /design) share: the production server
 * (`node .next/production-server.mjs`, environment from scripts/production-server-env.ts) on a fresh DATA_DIR,
 * optionally on a throwaway PostgreSQL cluster (tests/support/postgres.ts), with its JSON log lines
 * collected; a user registered through the real /login form in Chromium and confirmed from the .eml outbox;
 * tokens granted to that user directly through the ledger; the machine's load average.
 *
 * The scripts that import this run with `node --conditions=react-server --import tsx`: the ledger and the
 * database client import "server-only", whose default entry throws outside React's server condition.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../scripts/ensure-chromium.mjs";
import { productionServerArgs, productionServerEnv } from "../scripts/production-server-env";
import { freePort, startThrowawayPostgres, type ThrowawayPostgres } from "../tests/support/postgres";

export const root = path.resolve(import.meta.dirname, "..");
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** "1.23 1.45 1.67" from /proc/loadavg (1, 5 and 15 minutes). */
export const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
export const PASSWORD = "tajne-haslo-bench-1";
export const SESSION_COOKIE = "aranzer.session_token";

export type LogLine = { time: string; level: string; event: string; [field: string]: unknown };

export type Stack = {
  baseURL: string;
  dataDir: string;
  /** The server's pid (node itself, not a shell), for /proc/<pid>/status. */
  pid: number;
  /** Set when the server runs on PostgreSQL. */
  databaseUrl?: string;
  /** Every JSON log line the server wrote on stdout and stderr so far. */
  logs: LogLine[];
  stop(): Promise<void>;
};


/**
 * Starts the production server with `env` on top of the production environment (RATE_LIMIT_MULTIPLIER=50, as
 * the end-to-end tests: a benchmark makes more batches and uploads a minute than a person would), on a
 * throwaway PostgreSQL cluster when `postgres` is set, with `nodeArgs` before the entry, and waits for /api/health.
 */
export async function startStack(options: { env?: Record<string, string>; postgres: boolean; nodeArgs?: string[] }): Promise<Stack> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
    throw new Error("No production build in .next; run `npm run build` first (the benchmarks build nothing).");
  }
  let cluster: ThrowawayPostgres | null = null;
  if (options.postgres) {
    cluster = await startThrowawayPostgres();
    if (!cluster) throw new Error("Could not start a throwaway PostgreSQL cluster (see the message above).");
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aranzer-bench-"));
  // nodeArgs: e.g. --cpu-prof, which NODE_OPTIONS does not take.
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...productionServerArgs], {
    cwd: root,
    env: {
      ...process.env,
      ...productionServerEnv(port, dataDir),
      RATE_LIMIT_MULTIPLIER: "50",
      ...(cluster ? { DATABASE_URL: cluster.url } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: LogLine[] = [];
  let stderr = "";
  const collect = (stream: NodeJS.ReadableStream, isErr: boolean) => {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      const text = rest + chunk.toString();
      const lines = text.split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        try {
          logs.push(JSON.parse(line) as LogLine);
        } catch {
          if (isErr) stderr += `${line}\n`;
        }
      }
    });
  };
  collect(child.stdout!, false);
  collect(child.stderr!, true);
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(child.pid, "SIGTERM");
      const done = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!done && child.exitCode === null) {
        process.kill(child.pid, "SIGKILL");
        await exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    await cluster?.stop();
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    }
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${stderr}`);
    }
    await sleep(200);
  }
  console.log(`server: pid ${child.pid}, ${baseURL}, DATA_DIR ${dataDir}${cluster ? `, PostgreSQL ${cluster.url}` : ", PGlite"}`);
  return { baseURL, dataDir, pid: child.pid!, databaseUrl: cluster?.url, logs, stop };
}

/** Stops the stack on Ctrl-C too (the cluster helper handles its own signals). */
export async function withStack<T>(options: Parameters<typeof startStack>[0], run: (stack: Stack) => Promise<T>): Promise<T> {
  const stack = await startStack(options);
  const onInterrupt = () => void stack.stop().finally(() => process.exit(130));
  process.once("SIGINT", onInterrupt);
  try {
    return await run(stack);
  } finally {
    process.off("SIGINT", onInterrupt);
    await stack.stop();
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
}

/** As the end-to-end fixture: pages load their scripts after the first paint, so wait until React has the document. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !("__next_f" in self) || Object.keys(document.body ?? {}).some((key) => key.startsWith("__reactFiber")),
  );
}

/** Undoes quoted-printable (soft breaks and =XX) well enough to read a link out of an .eml file. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const s = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(s.charCodeAt(i) & 0xff);
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The confirmation link of the newest message to `email` in DATA_DIR/mail (as tests/e2e/support.ts latestEmailTo). */
export async function confirmationLink(dataDir: string, email: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(dataDir, "mail");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith(".eml"))
          .map((name) => path.join(dir, name))
          .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
      : [];
    for (const file of files) {
      const raw = readFileSync(file, "latin1");
      if (!raw.toLowerCase().includes(email.toLowerCase())) continue;
      const link = /https?:\/\/[^\s"'<>]*\/api\/auth\/verify-email[^\s"'<>]*/.exec(decodeQuotedPrintable(raw))?.[0];
      if (link) return link.replace(/&amp;/g, "&");
    }
    if (Date.now() > deadline) throw new Error(`no confirmation e-mail to ${email} in ${dir}`);
    await sleep(200);
  }
}

/**
 * Registers a new user through the real /login form, confirms from the outbox and closes the welcome modal,
 * leaving the page on /design signed in (as tests/e2e/support.ts registerAndConfirm). Returns the e-mail.
 */
export async function registerInBrowser(page: Page, stack: Stack, tag = "bench"): Promise<string> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  await page.goto(`${stack.baseURL}/login`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Rejestracja" }).click();
  await page.getByLabel("Adres e-mail").fill(email);
  await page.getByLabel("Hasło", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Załóż konto" }).click();
  await page.getByRole("heading", { name: "Sprawdź skrzynkę" }).waitFor();
  await page.goto(await confirmationLink(stack.dataDir, email));
  await page.waitForURL(/\/design$/);
  await waitForHydration(page);
  await page.getByRole("dialog").getByRole("button", { name: "Zamknij" }).first().click();
  await page.getByRole("dialog").waitFor({ state: "hidden" });
  return email;
}

/** The session cookie's value from a signed-in browser context. */
export async function sessionCookie(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie after sign-in`);
  return cookie.value;
}

/** A new user, signed in through the browser, whose session cookie the benchmark then uses without one. */
export async function registerUser(stack: Stack): Promise<{ email: string; cookie: string }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ locale: "pl-PL", timezoneId: "Europe/Warsaw", viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const email = await registerInBrowser(page, stack);
    return { email, cookie: await sessionCookie(context) };
  } finally {
    await browser.close();
  }
}

/**
 * Grants `amount` tokens to the user with this e-mail through the ledger (grantTokens, kind "adjustment"),
 * on the server's PostgreSQL database, with a key of its own (keys are global and idempotent). Returns the new balance.
 */
export async function grantBenchTokens(databaseUrl: string, email: string, amount: number): Promise<number> {
  const { openDatabase } = await import("../src/server/db/client");
  const { user } = await import("../src/server/db/schema");
  const { grantTokens } = await import("../src/server/tokens/grant-tokens");
  // openDatabase migrates; the server has done that already, so this only checks the journal.
  const handle = await openDatabase({ databaseUrl, dataDir: "unused" });
  try {
    const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!row) throw new Error(`no user ${email}`);
    const result = await grantTokens({ db: handle.db, userId: row.id, amount, kind: "adjustment", idempotencyKey: `bench:${randomUUID()}`, reference: "bench" });
    if (!result.applied) throw new Error("the grant was not applied");
    return result.balance;
  } finally {
    await handle.close();
  }
}

/** Machine line for the write-up. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
}
