/**
 * Job runners compared: `npm run bench:job-runners`, i.e.
 *
 *   node --conditions=react-server --import tsx bench/job-runners.ts
 *
 * Our job runner (src/server/jobs: claimFairly + startJobRunner) against pg-boss and graphile-worker, each on a
 * fresh database of one throwaway PostgreSQL cluster (tests/support/postgres.ts), then on the embedded PGlite:
 * - throughput: N no-op jobs of 10 people, drained at concurrency 8 (jobs per second, enqueue excluded);
 * - fairness: one account's 20 jobs, then another person's single job, at concurrency 1 (the HD queue's): at
 *   which place the single job runs (1 = first, 2 = right after the job already running);
 * - crash recovery: a worker takes a job and its process dies (the handler never ends, the worker is dropped
 *   without stopping); how long until a second worker runs that job, with each runner's lease/expiry at 5 s.
 * pg-boss runs with its per-group limit (groupConcurrency 1, the person as the group), graphile-worker with a
 * named queue per person (its way to keep one person's jobs apart); both as their documentation shows.
 *
 * Options: --jobs=N (default 2000), --pglite-only.
 */
import os from "node:os";
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import pg from "pg";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { PgBoss } from "pg-boss";
import { Logger, run as runGraphile, makeWorkerUtils } from "graphile-worker";
import { option } from "./server";
import { createDatabase, startThrowawayPostgres } from "../tests/support/postgres";

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "aranzer-bench-jobs-"));
process.env.LOG_LEVEL = "warn";
const { claimFairly } = await import("@/server/jobs/claim-fairly");
const { startJobRunner } = await import("@/server/jobs/start-job-runner");
const { executeRows } = await import("@/server/db/execute-rows");
type AnyDb = Parameters<typeof executeRows>[0];

const quiet = new Logger(() => () => undefined);
const JOBS = Number(option("jobs") ?? 2000);
const LEASE_S = 5;
const RECOVERY_CAP_MS = 30_000;
const owners = Array.from({ length: 10 }, (_, i) => `person-${i}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A phase that does not finish within its time is reported as such. */
const within = <T>(work: Promise<T>, ms: number, what: () => string) => Promise.race([work, sleep(ms).then(() => Promise.reject(new Error(`${what()}: not done in ${ms / 1000} s`)))]);

/** What one runner offers the three measurements. */
type Runner = {
  /** Queues jobs (id, owner) in this order. */
  enqueue(jobs: { id: string; owner: string }[]): Promise<void>;
  /** Starts a worker that calls `handle` per job; returns its stop (graceful: false drops it as a crash would). */
  work(concurrency: number, handle: (id: string) => Promise<void>): Promise<{ stop(graceful: boolean): Promise<void> }>;
  close(): Promise<void>;
};

async function measure(name: string, make: () => Promise<Runner>) {
  const result: Record<string, string | number> = { runner: name };
  try {
    // Throughput.
    let runner = await make();
    const jobs = Array.from({ length: JOBS }, (_, i) => ({ id: `t${i}`, owner: owners[i % owners.length]! }));
    await runner.enqueue(jobs);
    let done = 0;
    let allDone!: () => void;
    const finished = new Promise<void>((resolve) => (allDone = resolve));
    const began = performance.now();
    let worker = await runner.work(8, async () => {
      if (++done === JOBS) allDone();
    });
    await within(finished, 180_000, () => `throughput (${done} of ${JOBS} run)`);
    result.jobsPerSecond = Math.round(JOBS / ((performance.now() - began) / 1000));
    await worker.stop(true);
    await runner.close();

    // Fairness.
    runner = await make();
    await runner.enqueue(Array.from({ length: 20 }, (_, i) => ({ id: `a${String(i).padStart(2, "0")}`, owner: "many" })));
    await sleep(20);
    await runner.enqueue([{ id: "b", owner: "single" }]);
    const order: string[] = [];
    let allRun!: () => void;
    const ran = new Promise<void>((resolve) => (allRun = resolve));
    worker = await runner.work(1, async (id) => {
      order.push(id);
      await sleep(5);
      if (order.length === 21) allRun();
    });
    await within(ran, 60_000, () => `fairness (${order.length} of 21 run)`);
    result.singleJobPlace = order.indexOf("b") + 1;
    await worker.stop(true);
    await runner.close();

    // Crash recovery.
    runner = await make();
    await runner.enqueue([{ id: "crash", owner: "one" }]);
    let taken!: () => void;
    const takenOnce = new Promise<void>((resolve) => (taken = resolve));
    await runner.work(1, () => {
      taken();
      return new Promise(() => {});
    });
    await within(takenOnce, 30_000, () => "crash recovery (job never taken)");
    const crashedAt = performance.now();
    let again!: () => void;
    const recovered = new Promise<void>((resolve) => (again = resolve));
    const second = await runner.work(1, async () => again());
    const recoveredIn = await Promise.race([recovered.then(() => performance.now() - crashedAt), sleep(RECOVERY_CAP_MS).then(() => null)]);
    result.recoverySeconds = recoveredIn === null ? `> ${RECOVERY_CAP_MS / 1000}` : (recoveredIn / 1000).toFixed(1);
    // The crashed worker still holds its connection: a runner may wait for it forever when closed.
    await within(second.stop(true).then(() => runner.close()), 5_000, () => "close").catch(() => undefined);
  } catch (error) {
    result.error = error instanceof Error ? error.message.split("\n")[0]! : String(error);
  }
  console.log(JSON.stringify(result));
}

const ourTable = sql`
  create table if not exists bench_job (id text primary key, owner text not null, state text not null default 'queued',
    queued_at timestamptz not null default clock_timestamp(), lease_until timestamptz, attempts integer not null default 0);
  create table if not exists job_owner_turn (queue text not null, owner_id text not null, last_claimed_at timestamptz not null, primary key (queue, owner_id));
  truncate bench_job; truncate job_owner_turn`;

/** Ours, on a Drizzle handle of either database. */
function ours(db: AnyDb, close: () => Promise<void>): Runner {
  return {
    async enqueue(jobs) {
      for (let i = 0; i < jobs.length; i += 500) {
        const chunk = jobs.slice(i, i + 500);
        await executeRows(db, sql`insert into bench_job (id, owner) select * from unnest(${sql.raw(`array[${chunk.map((j) => `'${j.id}'`).join(",")}]`)}::text[], ${sql.raw(`array[${chunk.map((j) => `'${j.owner}'`).join(",")}]`)}::text[])`);
      }
    },
    async work(concurrency, handle) {
      const worker = startJobRunner<{ id: string }>({
        name: "bench",
        concurrency,
        pollMs: 200,
        claim: (limit) =>
          claimFairly({
            db,
            limit,
            queue: {
              name: "bench",
              table: "bench_job",
              key: "id",
              due: sql`select id as key, owner, queued_at, null::text as lane, null::int as lane_limit from bench_job where state = 'queued' or (state = 'running' and lease_until < now())`,
              running: sql`select owner, null::text as lane from bench_job where state = 'running' and lease_until >= now()`,
              set: sql`state = 'running', attempts = j.attempts + 1, lease_until = now() + ${LEASE_S} * interval '1 second'`,
            },
            select: sql`select id from claimed`,
          }),
        run: async (job) => {
          await handle(job.id);
          await executeRows(db, sql`update bench_job set state = 'done', lease_until = null where id = ${job.id}`);
        },
      });
      return { stop: (graceful) => (graceful ? worker.stop({ graceMs: 100 }) : Promise.resolve()) };
    },
    close,
  };
}

async function oursOnPostgres(url: string): Promise<Runner> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on("error", () => undefined);
  const db = drizzle(pool) as unknown as AnyDb;
  await pool.query(ourTable.queryChunks.map((c) => (typeof c === "object" && "value" in c ? (c.value as string[]).join("") : "")).join(""));
  return ours(db, () => pool.end());
}

async function oursOnPglite(): Promise<Runner> {
  const client = new PGlite();
  const db = drizzlePglite(client) as unknown as AnyDb;
  await client.exec(ourTable.queryChunks.map((c) => (typeof c === "object" && "value" in c ? (c.value as string[]).join("") : "")).join(""));
  return ours(db, () => client.close());
}

function pgBoss(boss: PgBoss, queue: string): Runner {
  const workers: string[] = [];
  return {
    async enqueue(jobs) {
      await boss.insert(queue, jobs.map((j) => ({ data: { id: j.id }, group: { id: j.owner }, expireInSeconds: LEASE_S, heartbeatSeconds: undefined })));
    },
    async work(concurrency, handle) {
      // A batch per fetch: with one job per fetch pg-boss fetches again only after its polling interval.
      const id = await boss.work<{ id: string }>(queue, { batchSize: concurrency, pollingIntervalSeconds: 0.5, groupConcurrency: 1 }, async (jobs) => {
        await Promise.all(jobs.map((job) => handle(job.data.id)));
      });
      workers.push(id);
      return { stop: (graceful) => (graceful ? boss.offWork(queue, { id, wait: false }) : Promise.resolve()) };
    },
    close: () => boss.stop({ graceful: false, close: true }),
  };
}

async function pgBossOn(connection: { connectionString: string } | { db: import("pg-boss").Db }): Promise<Runner> {
  const boss = new PgBoss({ ...connection, schema: `boss_${Math.random().toString(36).slice(2, 8)}`, supervise: true, maintenanceIntervalSeconds: 1, superviseIntervalSeconds: 1 } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on("error", () => undefined);
  await boss.start();
  const queue = "bench";
  await boss.createQueue(queue);
  return pgBoss(boss, queue);
}

async function graphileOn(url: string): Promise<Runner> {
  const pool = new pg.Pool({ connectionString: url, max: 12 });
  pool.on("error", () => undefined);
  const schema = `gw_${Math.random().toString(36).slice(2, 8)}`;
  const utils = await makeWorkerUtils({ pgPool: pool, schema, logger: quiet });
  await utils.migrate();
  const runners: { stop(): Promise<void> }[] = [];
  return {
    async enqueue(jobs) {
      await utils.addJobs(jobs.map((j) => ({ identifier: "bench", payload: { id: j.id }, queueName: j.owner })));
    },
    async work(concurrency, handle) {
      const runner = await runGraphile({
        pgPool: pool,
        schema,
        concurrency,
        noHandleSignals: true,
        pollInterval: 200,
        logger: quiet,
        taskList: { bench: async (payload) => handle((payload as { id: string }).id) },
      });
      runners.push(runner);
      return { stop: (graceful) => (graceful ? runner.stop() : Promise.resolve()) };
    },
    async close() {
      await utils.release();
      await pool.end().catch(() => undefined);
    },
  };
}

const pgliteOnly = process.argv.includes("--pglite-only");
const postgres = pgliteOnly ? null : await startThrowawayPostgres();
if (!pgliteOnly) {
  if (!postgres) throw new Error("PostgreSQL binaries are needed (see docs/testing.md)");
  let n = 0;
  const fresh = () => createDatabase(postgres.url, `bench_${n++}`);
  console.log(`# ${JOBS} jobs, ${os.cpus().length} cores, PostgreSQL`);
  await measure("ours", async () => oursOnPostgres(await fresh()));
  await measure("pg-boss", async () => pgBossOn({ connectionString: await fresh() }));
  await measure("graphile-worker", async () => graphileOn(await fresh()));
}
console.log("# PGlite (embedded)");
await measure("ours", () => oursOnPglite());
await measure("pg-boss", async () => {
  const client = new PGlite();
  // Statements with parameters through the extended protocol; pg-boss's migrations (several statements, no
  // parameters) through exec, which takes many, answering the last one's rows.
  const executeSql = async (text: string, values?: unknown[]) => {
    if (values?.length) return (await client.query(text, values)) as { rows: unknown[] };
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
  return pgBossOn({ db: { executeSql } });
});
console.log(JSON.stringify({ runner: "graphile-worker", pglite: "takes only a node-postgres Pool or a connection string (pgPool / connectionString): no in-process database" }));
await postgres?.stop();
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
process.exit(0);
