/**
 * Scale benchmark: `npm run bench:scale` (after `npm run build`; this builds nothing), i.e.
 *
 *   node --import tsx bench/scale.ts
 *
 * Throughput and latency of the generation pipeline as the number of worker processes grows. Starts, as the
 * scale end-to-end test does (tests/support/cluster.ts), a throwaway PostgreSQL cluster, a local S3 server, one
 * web process with IN_PROCESS_WORKER=false and one `npm run worker` process, with GENERATION_PROVIDER=fake at
 * latency L and a concurrency of C images per worker (a provider account or a GPU server per worker has a
 * limit of its own). For each worker count (1, 2, 4; workers are added between rounds) two users submit
 * JOBS visualizations at once through the API (batches of STYLES styles), and the run waits until all are final.
 * Before each measured round an unmeasured one of workers × C visualizations gives every worker a full load
 * once: a new process's first jobs pay for its start (compiling, opening connections, the stand-in images).
 *
 * From the database (each event stamped with now() of the short transaction that wrote it): each job's
 * latency (batch created → result committed) and its time in a slot (its "running" event → its result,
 * minus L). From the workers' log lines (generation.started, generation.succeeded): how long a slot stays
 * empty between one job's result and the next job's start in the same worker. The queue's overhead per job:
 * with JOBS a multiple of workers × C, every slot runs JOBS / (workers × C) jobs one after another, so
 * (last result − first start − rounds × L) / rounds is what each job added to its slot beyond the engine's
 * own L: claiming, reading the photo from S3, storing the result, committing, signalling, claiming the next.
 * Pickup: from the first batch's creation to the first job's start (how fast an idle pool reacts).
 *
 * The fake engine's stand-in image (the local restyle, made once per photo and style in each worker process)
 * is CPU work a hosted engine would not cost this host; a 640×480 photo keeps it small.
 *
 * Options: --latency=MS (default 5000), --jobs=N (default 100), --workers=1,2,4 (default), --concurrency=C
 * (default 5), --styles=N per batch (default 10). Raw figures go to bench/out/scale-L<latency>.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { addTokens, createBatch, createUser, startCluster, uploadPhoto, withDatabase, type AppProcess, type Cluster } from "../tests/support/cluster";
import { option } from "./server";
import { loadavg, machine, median, root, sleep } from "./stack";

const latency = Number(option("latency") ?? 5000);
const jobs = Number(option("jobs") ?? 100);
const workerCounts = (option("workers") ?? "1,2,4").split(",").map(Number).filter((n) => n > 0);
const concurrency = Number(option("concurrency") ?? 5);
const stylesPerBatch = Number(option("styles") ?? 10);
const STYLES = ["modern", "contemporary", "minimalist", "scandinavian", "japandi", "industrial", "loft", "mid-century-modern", "boho", "art-deco", "rustic", "zen"];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const s = (value: number) => `${(value / 1000).toFixed(1)} s`;

type Round = {
  workers: number;
  load: string;
  makespanMs: number;
  throughputPerS: number;
  latencyMs: { median: number; p95: number; max: number };
  pickupMs: number;
  overheadPerJobMs: number;
  inSlotBeyondLMs: { median: number; p95: number };
  emptySlotMs: { median: number; p95: number };
};

type User = { id: string; cookie: string; imageId: string };

/** Submits `count` visualizations at once (batches of stylesPerBatch, alternating users) and waits until all are final; returns the batch ids. */
async function submit(cluster: Cluster, users: User[], count: number, key: string): Promise<string[]> {
  const web = cluster.webs[0]!;
  for (const user of users) await addTokens(cluster.databaseUrl, user.id, count, `bench-scale:${key}:${user.id}`);
  const batchIds = await Promise.all(
    Array.from({ length: Math.ceil(count / stylesPerBatch) }, async (_, b) => {
      const styles = Array.from({ length: Math.min(stylesPerBatch, count - b * stylesPerBatch) }, (_, j) => STYLES[(b + j) % STYLES.length]!);
      const user = users[b % users.length]!;
      return (await createBatch(web, user.cookie, user.imageId, styles)).id;
    }),
  );
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    const open = await withDatabase(cluster.databaseUrl, async (db) =>
      Number((await db.query<{ n: string }>("select count(*) as n from visualization where batch_id = any($1) and status not in ('succeeded', 'failed')", [batchIds])).rows[0]!.n),
    );
    if (open === 0) break;
    if (Date.now() > deadline) throw new Error(`${open} visualizations still unfinished after 20 minutes`);
    await sleep(500);
  }
  return batchIds;
}

async function runRound(cluster: Cluster, users: User[], round: number): Promise<Round> {
  const workers = cluster.workers.length;
  await submit(cluster, users, workers * concurrency, `warm-up-${round}`);
  const logMark = new Map(cluster.workers.map((w) => [w, w.logs.length]));
  const load = loadavg();
  const batchIds = await submit(cluster, users, jobs, String(round));

  const rows = await withDatabase(cluster.databaseUrl, async (db) =>
    (
      await db.query<{ id: string; status: string; created: Date; started: Date; finished: Date }>(
        `select v.id, v.status, b.created_at as created,
                (select min(e.created_at) from batch_event e where e.batch_id = b.id and e.payload->>'visualizationId' = v.id and e.payload->>'type' = 'running') as started,
                (select max(e.created_at) from batch_event e where e.batch_id = b.id and e.payload->>'visualizationId' = v.id and e.payload->>'type' in ('succeeded', 'failed')) as finished
           from visualization v join batch b on b.id = v.batch_id where b.id = any($1)`,
        [batchIds],
      )
    ).rows,
  );
  const failed = rows.filter((r) => r.status !== "succeeded");
  if (failed.length) throw new Error(`${failed.length} visualizations failed; the benchmark's engine fails nothing`);
  const firstCreated = Math.min(...rows.map((r) => r.created.getTime()));
  const firstStarted = Math.min(...rows.map((r) => r.started.getTime()));
  const lastFinished = Math.max(...rows.map((r) => r.finished.getTime()));
  const makespanMs = lastFinished - firstCreated;
  const latencies = rows.map((r) => r.finished.getTime() - r.created.getTime());
  const inSlot = rows.map((r) => r.finished.getTime() - r.started.getTime() - latency);
  const rounds = jobs / (workers * concurrency);

  // Per worker: from each result (generation.succeeded) to the next job's start (generation.started).
  const emptySlot: number[] = [];
  for (const worker of cluster.workers) {
    const lines = worker.logs.slice(logMark.get(worker)).filter((l) => l.event === "generation.started" || l.event === "generation.succeeded");
    const ends: number[] = [];
    for (const line of lines) {
      const at = Date.parse(line.time);
      if (line.event === "generation.succeeded") ends.push(at);
      else if (ends.length) emptySlot.push(at - ends.shift()!);
    }
  }

  return {
    workers,
    load,
    makespanMs,
    throughputPerS: (rows.length / makespanMs) * 1000,
    latencyMs: { median: median(latencies), p95: percentile(latencies, 95), max: Math.max(...latencies) },
    pickupMs: firstStarted - firstCreated,
    overheadPerJobMs: (lastFinished - firstStarted - Math.ceil(rounds) * latency) / Math.ceil(rounds),
    inSlotBeyondLMs: { median: median(inSlot), p95: percentile(inSlot, 95) },
    emptySlotMs: { median: median(emptySlot), p95: percentile(emptySlot, 95) },
  };
}

const script = { latencyMs: latency, progressSteps: 4, concurrency };
console.log(`scale benchmark: L = ${latency} ms, ${jobs} visualizations, ${concurrency} per worker, workers ${workerCounts.join(", ")}; ${machine()}`);
const cluster = await startCluster({ webs: 1, workers: workerCounts[0]!, env: { GENERATION_PROVIDER: "fake", FAKE_ENGINE_SCRIPT: JSON.stringify(script) } });
if (!cluster) process.exit(1);
const stop = () => void cluster.stop().finally(() => process.exit(130));
process.once("SIGINT", stop);
try {
  const web: AppProcess = cluster.webs[0]!;
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#8a7f70" } }).jpeg().toBuffer();
  const users = await Promise.all(
    [0, 1].map(async (i) => {
      const user = await createUser(cluster, web, `bench-scale-${i}-${Date.now()}@example.test`);
      return { ...user, imageId: await uploadPhoto(web, user.cookie, photo) };
    }),
  );
  const results: Round[] = [];
  for (const [round, count] of workerCounts.entries()) {
    while (cluster.workers.length < count) await cluster.addWorker();
    const result = await runRound(cluster, users, round);
    results.push(result);
    console.log(
      `${count} worker(s): ${jobs} in ${s(result.makespanMs)}, ${result.throughputPerS.toFixed(2)}/s; latency median ${s(result.latencyMs.median)}, p95 ${s(result.latencyMs.p95)}; ` +
        `pickup ${ms(result.pickupMs)}, overhead per job ${ms(result.overheadPerJobMs)}; in slot beyond L median ${ms(result.inSlotBeyondLMs.median)} (p95 ${ms(result.inSlotBeyondLMs.p95)}); ` +
        `empty slot median ${ms(result.emptySlotMs.median)} (p95 ${ms(result.emptySlotMs.p95)}); load ${result.load}`,
    );
  }
  const base = results[0]!;
  console.log("\n| Workers | Makespan | Throughput | × 1 worker | Latency median / p95 / max | Pickup | Overhead per job | In slot beyond L, median / p95 | Empty slot, median / p95 | Load |");
  console.log("|---:|---:|---:|---:|---|---:|---:|---|---|---|");
  for (const r of results) {
    console.log(
      `| ${r.workers} | ${s(r.makespanMs)} | ${r.throughputPerS.toFixed(2)}/s | ${(r.throughputPerS / base.throughputPerS).toFixed(2)} | ${s(r.latencyMs.median)} / ${s(r.latencyMs.p95)} / ${s(r.latencyMs.max)} | ${ms(r.pickupMs)} | ${ms(r.overheadPerJobMs)} | ${ms(r.inSlotBeyondLMs.median)} / ${ms(r.inSlotBeyondLMs.p95)} | ${ms(r.emptySlotMs.median)} / ${ms(r.emptySlotMs.p95)} | ${r.load} |`,
    );
  }
  mkdirSync(path.join(root, "bench", "out"), { recursive: true });
  writeFileSync(path.join(root, "bench", "out", `scale-L${latency}.json`), JSON.stringify({ latency, jobs, concurrency, machine: machine(), results }, null, 2));
} finally {
  process.off("SIGINT", stop);
  await cluster.stop();
}
