/**
 * Scale benchmark: `npm run bench:scale` (after `npm run build`; this builds nothing), i.e.
 *
 *   node --import tsx bench/scale.ts
 *
 * Throughput and latency of the generation pipeline as the number of worker processes grows. Starts, as the
 * scale end-to-end test does (tests/support/cluster.ts), a throwaway PostgreSQL cluster, a local S3 server, one
 * web process with IN_PROCESS_WORKER=false and one `npm run worker` process, with GENERATION_ENGINE=fake at
 * latency L and a concurrency of C images per worker (a provider account or a GPU server per worker has a
 * limit of its own). For each worker count (1, 2, 4; workers are added between rounds) two users submit
 * JOBS visualizations at once through the API (batches of STYLES styles), and the run waits until all are final.
 * Before each measured round an unmeasured one of workers × C visualizations gives every worker a full load
 * once: a new process's first jobs pay for its start (compiling, opening connections, the stand-in images).
 *
 * From the database (each event stamped with now() of the short transaction that wrote it): each job's
 * latency (batch created → result committed) and its time in a slot (its "running" event → its result,
 * minus L). From the workers' log lines (generation.started with startMs, generation.succeeded with engineMs,
 * storeMs, recordMs): the phases of each job, and the queue's part of it, which is the hand-over before it
 * (the worker's previous result → this job's engine call: noticing the free slot, the claim, the start write)
 * plus recording its result (one statement). Storing the result's bytes is the job's payload work, as the
 * engine call is, and is reported beside it. Along the slowest slot: with JOBS a multiple of workers × C,
 * every slot runs JOBS / (workers × C) jobs one after another, so (last result − first start − rounds × L) /
 * rounds is what each job added to its slot beyond L, storing included. CPU time per visualization of each
 * process kind comes from /proc.
 * Pickup: from the first batch's creation to the first job's start (how fast an idle pool reacts).
 *
 * The fake engine answers with the photo as given (its `output: "input"`): its usual stand-in, the local
 * restyle, is CPU work that a hosted engine would not cost this host. The photo is 640×480.
 *
 * Options: --latency=MS (default 5000), --jobs=N (default 100), --workers=1,2,4 (default), --concurrency=C
 * (default 5), --styles=N per batch (default 10). Raw figures go to bench/out/scale-L<latency>.json.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
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
  slowestSlotPerJobMs: number;
  inSlotBeyondLMs: { median: number; p95: number };
  emptySlotMs: { median: number; p95: number };
  /** From the workers' log lines: the start write (with the photo's read), the engine's overrun of L, storing the result, recording it. */
  phasesMs: Record<"start" | "engineBeyondL" | "store" | "record", { median: number; p95: number }>;
  /** The queue's part of a job (the hand-over before it plus recording its result), over the jobs that had a hand-over. */
  queuePerJobMs: { mean: number; median: number; p95: number; jobs: number };
  /** CPU time per visualization of the measured round, by process kind. */
  cpuPerJobMs: ReturnType<typeof cpuByKind>;
};

type User = { id: string; cookie: string; imageId: string };

/** /proc/<pid>/stat after the command name: [0] is the state, so field n of proc(5) is at n - 3. */
function statFields(pid: number | string): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return null; // Gone meanwhile.
  }
}
const ticks = (value: string | undefined) => (Number(value ?? 0) * 1000) / 100; // clock ticks (USER_HZ = 100) → ms

/** CPU time (user + system, ms) of a process; 0 once it is gone. */
function cpuMs(pid: number): number {
  const fields = statFields(pid);
  return fields ? ticks(fields[11]) + ticks(fields[12]) : 0;
}

/**
 * CPU time so far of the workers, the web process, PostgreSQL and this process (the S3 stand-in, the polling,
 * reading the processes' logs). PostgreSQL is every process named postgres (one cluster here): the live ones,
 * plus what the postmaster has collected from the backends that ended (each connection is a process).
 */
function cpuByKind(cluster: Cluster): Record<"workers" | "web" | "postgres" | "bench", number> {
  const postgres = new Map<string, string[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "postgres") continue;
    } catch {
      continue;
    }
    const fields = statFields(entry);
    if (fields) postgres.set(entry, fields);
  }
  let postgresMs = 0;
  for (const fields of postgres.values()) {
    postgresMs += ticks(fields[11]) + ticks(fields[12]);
    // The postmaster (its parent is not a postgres process): add its ended children's time (cutime, cstime).
    if (!postgres.has(fields[1]!)) postgresMs += ticks(fields[13]) + ticks(fields[14]);
  }
  const own = process.cpuUsage();
  return {
    workers: cluster.workers.reduce((sum, w) => sum + cpuMs(w.pid), 0),
    web: cluster.webs.reduce((sum, w) => sum + cpuMs(w.pid), 0),
    postgres: postgresMs,
    bench: (own.user + own.system) / 1000,
  };
}

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
  // One connection for the whole wait: a new one per look would cost PostgreSQL a process start each time.
  await withDatabase(cluster.databaseUrl, async (db) => {
    for (;;) {
      const open = Number((await db.query<{ n: string }>("select count(*) as n from visualization where batch_id = any($1) and status not in ('succeeded', 'failed')", [batchIds])).rows[0]!.n);
      if (open === 0) break;
      if (Date.now() > deadline) throw new Error(`${open} visualizations still unfinished after 20 minutes`);
      await sleep(500);
    }
  });
  return batchIds;
}

async function runRound(cluster: Cluster, users: User[], round: number): Promise<Round> {
  const workers = cluster.workers.length;
  await submit(cluster, users, workers * concurrency, `warm-up-${round}`);
  const logMark = new Map(cluster.workers.map((w) => [w, w.logs.length]));
  const load = loadavg();
  const cpuBefore = cpuByKind(cluster);
  const batchIds = await submit(cluster, users, jobs, String(round));
  const cpuAfter = cpuByKind(cluster);

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

  // From each worker's log lines, in order: the queue's part of each job is the hand-over before it (from the
  // worker's previous result, generation.succeeded, to this job's engine call, generation.started: noticing the
  // free slot, the claim, the start write) plus recording its result (the commit with its event and signal).
  const queuePerJob: number[] = [];
  const emptySlot: number[] = [];
  const phases = { start: [] as number[], engineBeyondL: [] as number[], store: [] as number[], record: [] as number[] };
  for (const worker of cluster.workers) {
    const lines = worker.logs.slice(logMark.get(worker)).filter((l) => l.event === "generation.started" || l.event === "generation.succeeded");
    const freedAt: number[] = [];
    const handOver = new Map<unknown, number>();
    for (const line of lines) {
      const at = Date.parse(line.time);
      if (line.event === "generation.started") {
        phases.start.push(Number(line.startMs));
        // A worker's first jobs of the round had no slot freed before them: their wait is the pickup.
        if (freedAt.length) {
          emptySlot.push(at - freedAt[0]!);
          handOver.set(line.visualizationId, at - freedAt.shift()!);
        }
      } else {
        freedAt.push(at);
        phases.engineBeyondL.push(Number(line.engineMs) - latency);
        phases.store.push(Number(line.storeMs));
        phases.record.push(Number(line.recordMs));
        const before = handOver.get(line.visualizationId);
        if (before !== undefined) queuePerJob.push(before + Number(line.recordMs));
      }
    }
  }

  return {
    workers,
    load,
    makespanMs,
    throughputPerS: (rows.length / makespanMs) * 1000,
    latencyMs: { median: median(latencies), p95: percentile(latencies, 95), max: Math.max(...latencies) },
    pickupMs: firstStarted - firstCreated,
    slowestSlotPerJobMs: (lastFinished - firstStarted - Math.ceil(rounds) * latency) / Math.ceil(rounds),
    inSlotBeyondLMs: { median: median(inSlot), p95: percentile(inSlot, 95) },
    emptySlotMs: { median: median(emptySlot), p95: percentile(emptySlot, 95) },
    queuePerJobMs: { mean: queuePerJob.reduce((a, b) => a + b, 0) / queuePerJob.length, median: median(queuePerJob), p95: percentile(queuePerJob, 95), jobs: queuePerJob.length },
    cpuPerJobMs: Object.fromEntries(Object.entries(cpuAfter).map(([k, v]) => [k, (v - cpuBefore[k as keyof typeof cpuBefore]) / jobs])) as Round["cpuPerJobMs"],
    phasesMs: Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, { median: median(v), p95: percentile(v, 95) }])) as Round["phasesMs"],
  };
}

// The engine answers with the photo as given: its restyle would be CPU work in the workers that a hosted engine
// does not cost this host (and, cached per photo and style in each process, it was still being made in the measured rounds).
const script = { latencyMs: latency, progressSteps: 4, concurrency, output: "input" };
console.log(`scale benchmark: L = ${latency} ms, ${jobs} visualizations, ${concurrency} per worker, workers ${workerCounts.join(", ")}; ${machine()}`);
const cluster = await startCluster({ webs: 1, workers: workerCounts[0]!, env: { GENERATION_ENGINE: "fake", FAKE_ENGINE_SCRIPT: JSON.stringify(script) } });
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
    const q = result.queuePerJobMs;
    console.log(
      `${count} worker(s): ${jobs} in ${s(result.makespanMs)}, ${result.throughputPerS.toFixed(2)}/s; latency median ${s(result.latencyMs.median)}, p95 ${s(result.latencyMs.p95)}; ` +
        `pickup ${ms(result.pickupMs)}; queue per job mean ${ms(q.mean)}, median ${ms(q.median)}, p95 ${ms(q.p95)} (${q.jobs} jobs); ` +
        `slowest slot per job ${ms(result.slowestSlotPerJobMs)}; load ${result.load}`,
    );
    console.log(`  phases, median / p95: ${Object.entries(result.phasesMs).map(([k, v]) => `${k} ${ms(v.median)} / ${ms(v.p95)}`).join("; ")}; hand-over ${ms(result.emptySlotMs.median)} / ${ms(result.emptySlotMs.p95)}; in slot beyond L ${ms(result.inSlotBeyondLMs.median)} / ${ms(result.inSlotBeyondLMs.p95)}`);
    console.log(`  CPU per job: ${Object.entries(result.cpuPerJobMs).map(([k, v]) => `${k} ${v.toFixed(1)} ms`).join(", ")}`);
  }
  const base = results[0]!;
  console.log(
    "\n| Workers | Makespan | Throughput | × 1 worker | Latency median / p95 / max | Pickup | Queue per job, mean / median / p95 | Storing the result, median / p95 | Slowest slot beyond L, per job | CPU per job: workers / web / PostgreSQL / bench and S3 | Load |",
  );
  console.log("|---:|---:|---:|---:|---|---:|---|---|---:|---|---|");
  for (const r of results) {
    const q = r.queuePerJobMs;
    const cpu = r.cpuPerJobMs;
    console.log(
      `| ${r.workers} | ${s(r.makespanMs)} | ${r.throughputPerS.toFixed(2)}/s | ${(r.throughputPerS / base.throughputPerS).toFixed(2)} | ${s(r.latencyMs.median)} / ${s(r.latencyMs.p95)} / ${s(r.latencyMs.max)} | ${ms(r.pickupMs)} | ` +
        `**${ms(q.mean)}** / ${ms(q.median)} / ${ms(q.p95)} | ${ms(r.phasesMs.store.median)} / ${ms(r.phasesMs.store.p95)} | ${ms(r.slowestSlotPerJobMs)} | ` +
        `${[cpu.workers, cpu.web, cpu.postgres, cpu.bench].map((v) => `${v.toFixed(0)}`).join(" / ")} ms | ${r.load} |`,
    );
  }
  mkdirSync(path.join(root, "bench", "out"), { recursive: true });
  writeFileSync(path.join(root, "bench", "out", `scale-L${latency}.json`), JSON.stringify({ latency, jobs, concurrency, machine: machine(), results }, null, 2));
} finally {
  process.off("SIGINT", stop);
  await cluster.stop();
}
