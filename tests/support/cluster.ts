/**
 * The product as it runs at scale, on one machine: a throwaway PostgreSQL cluster, a local S3 server, N web
 * processes (`node .next/production-server.mjs`, IN_PROCESS_WORKER=false, each its own port and DATA_DIR) and M
 * workers (`npm run worker`'s command), all sharing DATABASE_URL, AUTH_SECRET and the bucket. Every process's
 * JSON log lines are collected, so a test can see what each one did and when. Needs a production build (.next).
 * For the scale end-to-end test and bench/scale.ts, with the few API calls both make as a user would.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { productionServerArgs, productionServerEnv, productionWorkerArgs } from "../../scripts/production-server-env";
import { startThrowawayPostgres } from "./postgres";
import { testPort } from "./ports";
import { startLocalS3, type LocalS3 } from "./s3";

const root = path.resolve(import.meta.dirname, "../..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type LogLine = { time: string; level: string; event: string; [field: string]: unknown };

export type AppProcess = {
  name: string;
  pid: number;
  dataDir: string;
  /** Web processes only. */
  baseURL: string;
  /** Every JSON line it wrote on stdout and stderr so far, in order of arrival. */
  logs: LogLine[];
  /** Its other stderr output (start-up failures). */
  stderr(): string;
  /** Sends the signal and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
};

export type Cluster = {
  databaseUrl: string;
  s3: LocalS3;
  webs: AppProcess[];
  workers: AppProcess[];
  /** Adds a worker (the benchmark grows the pool between rounds). */
  addWorker(): Promise<AppProcess>;
  stop(): Promise<void>;
};

/** Starts everything and waits until the web processes answer /api/health and the workers have started; null when PostgreSQL cannot run here (its helper has said why, loudly). */
export async function startCluster(options: { webs: number; workers: number; env: Record<string, string> }): Promise<Cluster | null> {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) throw new Error("No production build in .next; run `npm run build` first.");
  const postgres = await startThrowawayPostgres();
  if (!postgres) return null;
  const s3 = await startLocalS3().catch(async (error: unknown) => {
    await postgres.stop();
    throw error;
  });
  const processes: AppProcess[] = [];
  const shared = {
    ...options.env,
    ...s3.env,
    DATABASE_URL: postgres.url,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    IN_PROCESS_WORKER: "false",
    RATE_LIMIT_MULTIPLIER: "50",
  };
  // A test runner that dies without calling stop() must not leave servers behind (PostgreSQL has its own hook).
  const children: ChildProcess[] = [];
  const killChildren = () => children.forEach((child) => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"));
  process.once("exit", killChildren);
  const stop = async () => {
    process.removeListener("exit", killChildren);
    await Promise.all(processes.map((p) => p.kill("SIGTERM")));
    for (const p of processes) rmSync(p.dataDir, { recursive: true, force: true });
    await s3.stop();
    await postgres.stop();
  };
  const launch = async (kind: "web" | "worker", index: number) => {
    const port = await testPort();
    const dataDir = mkdtempSync(path.join(tmpdir(), `aranzer-${kind}-`));
    const args = kind === "web" ? [...productionServerArgs] : [...productionWorkerArgs];
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...productionServerEnv(port, dataDir), ...shared }, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    const app = watch(child, `${kind}-${index + 1}`, dataDir, kind === "web" ? `http://127.0.0.1:${port}` : "");
    processes.push(app);
    await (kind === "web" ? waitForHealth(child, app) : waitForLog(child, app, "worker.started"));
    return app;
  };
  try {
    const webs = await Promise.all(Array.from({ length: options.webs }, (_, i) => launch("web", i)));
    const workers = await Promise.all(Array.from({ length: options.workers }, (_, i) => launch("worker", i)));
    return { databaseUrl: postgres.url, s3, webs, workers, addWorker: async () => {
      const worker = await launch("worker", workers.length);
      workers.push(worker);
      return worker;
    }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function watch(child: ChildProcess, name: string, dataDir: string, baseURL: string): AppProcess {
  const logs: LogLine[] = [];
  let stderr = "";
  const collect = (stream: NodeJS.ReadableStream, isErr: boolean) => {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) {
        try {
          logs.push(JSON.parse(line) as LogLine);
        } catch {
          if (isErr && line.trim()) stderr += `${line}\n`;
        }
      }
    });
  };
  collect(child.stdout!, false);
  collect(child.stderr!, true);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    name,
    pid: child.pid!,
    dataDir,
    baseURL,
    logs,
    stderr: () => stderr,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      // A web process may hold event streams open for a second; anything longer is a hang.
      const ended = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!ended) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}

async function waitForHealth(child: ChildProcess, app: AppProcess) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${app.name} exited (${child.exitCode}):\n${app.stderr()}`);
    try {
      if ((await fetch(`${app.baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${app.name} did not start:\n${app.stderr()}`);
    await sleep(200);
  }
}

async function waitForLog(child: ChildProcess, app: AppProcess, event: string) {
  const deadline = Date.now() + 120_000;
  while (!app.logs.some((line) => line.event === event)) {
    if (child.exitCode !== null) throw new Error(`${app.name} exited (${child.exitCode}):\n${app.stderr()}`);
    if (Date.now() > deadline) throw new Error(`${app.name} did not log ${event}:\n${app.stderr()}`);
    await sleep(100);
  }
}

export const PASSWORD = "tajne-haslo-skala-1";
const SESSION_COOKIE = "aranzer.session_token";

/** Headers of a signed-in request to one web process (the proxy refuses a state change without its origin). */
export function asUser(web: AppProcess, cookie: string, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie: `${SESSION_COOKIE}=${cookie}`, origin: web.baseURL, ...extra };
}

/**
 * A confirmed, signed-in user: signed up through the API, the address marked confirmed in the database (the
 * confirmation e-mail is the accounts tests' subject, not this one's), then signed in, which grants the free
 * tokens. Returns the user's id and session cookie.
 */
export async function createUser(cluster: Cluster, web: AppProcess, email: string): Promise<{ id: string; cookie: string }> {
  const post = (route: string, body: object) =>
    fetch(`${web.baseURL}/api/auth/${route}`, { method: "POST", headers: { "content-type": "application/json", origin: web.baseURL }, body: JSON.stringify(body) });
  const signUp = await post("sign-up/email", { email, password: PASSWORD, name: email.split("@")[0], callbackURL: "/design" });
  if (!signUp.ok) throw new Error(`sign-up of ${email}: ${signUp.status} ${await signUp.text()}`);
  const id = await withDatabase(cluster.databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string }>(`update "user" set email_verified = true where email = $1 returning id`, [email]);
    return rows[0]!.id;
  });
  const signIn = await post("sign-in/email", { email, password: PASSWORD });
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]!).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!signIn.ok || !cookie) throw new Error(`sign-in of ${email}: ${signIn.status} ${await signIn.text()}`);
  return { id, cookie: cookie.slice(SESSION_COOKIE.length + 1) };
}

/**
 * Adds tokens as an operator's adjustment would, the way the ledger writes every entry (src/server/tokens/
 * apply-ledger-entry.ts): the account row locked, the balance and an entry with its own key in one transaction.
 */
export async function addTokens(databaseUrl: string, userId: string, amount: number, key: string): Promise<void> {
  await withDatabase(databaseUrl, async (client) => {
    await client.query("begin");
    await client.query("insert into token_account (user_id, balance) values ($1, 0) on conflict do nothing", [userId]);
    const { rows } = await client.query<{ balance: number }>("update token_account set balance = balance + $2, updated_at = now() where user_id = $1 returning balance", [userId, amount]);
    await client.query("insert into token_ledger (user_id, kind, amount, balance_after, idempotency_key, reference) values ($1, 'adjustment', $2, $3, $4, 'scale-test')", [userId, amount, rows[0]!.balance, key]);
    await client.query("commit");
  });
}

/** Uploads a photo as the user; returns the image id. */
export async function uploadPhoto(web: AppProcess, cookie: string, photo: Buffer): Promise<string> {
  const response = await fetch(`${web.baseURL}/api/images`, { method: "POST", headers: asUser(web, cookie, { "content-type": "image/jpeg" }), body: new Uint8Array(photo) });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { image: { id: string } }).image.id;
}

/** Generate: one batch of these styles from the user's photo; returns the batch id and its visualizations' ids. */
export async function createBatch(web: AppProcess, cookie: string, imageId: string, styles: string[]): Promise<{ id: string; visualizationIds: string[] }> {
  const response = await fetch(`${web.baseURL}/api/batches`, {
    method: "POST",
    headers: asUser(web, cookie, { "content-type": "application/json" }),
    body: JSON.stringify({ source: { type: "image", imageId }, roomType: "living-room", styles, requestId: crypto.randomUUID() }),
  });
  if (response.status !== 201) throw new Error(`batch: ${response.status} ${await response.text()}`);
  const { batch } = (await response.json()) as { batch: { id: string; visualizations: { id: string }[] } };
  return { id: batch.id, visualizationIds: batch.visualizations.map((v) => v.id) };
}

/** One short connection to the cluster's database (assertions, setup the API has no call for). */
export async function withDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
