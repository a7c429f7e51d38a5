/**
 * Upload benchmark under the production server: `npm run bench:uploads` (after `npm run build`), i.e.
 *
 *   node --conditions=react-server --import tsx bench/uploads.ts
 *
 * bench/normalize-image.ts measures normalizeImage alone; this measures the real route (POST /api/images: the
 * raw body, a signed-in session cookie, an Origin equal to the server's URL, as the design page sends it) in
 * the production server process, whose memory is what a host has to provide. For each database the server
 * can run on (the embedded PGlite, which lives inside the server's process, and PostgreSQL, a throwaway
 * cluster): a fresh server, a user registered through /login in Chromium (the browser is closed before
 * anything is measured), one unmeasured warm-up upload, then
 *   - ROUNDS × four uploads of the 12-megapixel phone JPEG started at once,
 *   - one upload of a 12-megapixel HEIC (made from the same photo with heif-enc; decoded in a worker thread),
 * each with the server's peak RSS: VmHWM from /proc/<pid>/status after resetting it (`5` into
 * /proc/<pid>/clear_refs) just before the scenario, cross-checked by sampling VmRSS every 10 ms; the wall time
 * of every upload (request sent → answer read); and, while the HEIC decodes, the slowest answer of
 * /api/health polled every 50 ms (the server's main thread stays free when the decode runs in its worker).
 * The load average is printed with every figure.
 *
 * Options: --rounds=N (default 5), --db=pglite,postgres (default both), --jpeg=PATH, --heic=PATH (default
 * bench/out/phone-4032x3024.heic, made with `heif-enc -q 60` when missing, as bench/normalize-image.ts does).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { option } from "./server";
import { loadavg, machine, median, registerUser, root, SESSION_COOKIE, sleep, withStack, type Stack } from "./stack";

const rounds = Number(option("rounds") ?? 5);
const databases = (option("db") ?? "pglite,postgres").split(",").filter((d): d is "pglite" | "postgres" => d === "pglite" || d === "postgres");
const jpegPath = option("jpeg") ?? path.join(root, "tests", "fixtures", "living-room-phone-4032x3024.jpg");
const outDir = path.join(root, "bench", "out");

function heicPath(): string {
  const given = option("heic");
  if (given) return given;
  const made = path.join(outDir, "phone-4032x3024.heic");
  if (existsSync(made)) return made;
  mkdirSync(outDir, { recursive: true });
  console.log(`making ${path.relative(root, made)} with heif-enc (takes 10–30 s)…`);
  const encoded = spawnSync("heif-enc", ["-q", "60", jpegPath, "-o", made], { stdio: ["ignore", "ignore", "inherit"] });
  if (encoded.error || encoded.status !== 0) throw new Error("heif-enc failed or is missing (apt-get install libheif-examples)");
  return made;
}

const kib = (line: string | undefined) => Number(/(\d+)\s*kB/.exec(line ?? "")?.[1] ?? NaN);
function status(pid: number): { rssMb: number; hwmMb: number; threads: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => text.split("\n").find((l) => l.startsWith(`${name}:`));
  return { rssMb: kib(field("VmRSS")) / 1024, hwmMb: kib(field("VmHWM")) / 1024, threads: Number(field("Threads")?.split(/\s+/)[1]) };
}
/** Resets VmHWM to the current RSS (Linux ≥ 4.0), so the peak read after a scenario is that scenario's. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

type Upload = { status: number; ms: number; width?: number; height?: number; code?: string };

async function upload(stack: Stack, cookie: string, body: Buffer, contentType: string): Promise<Upload> {
  const started = performance.now();
  const response = await fetch(`${stack.baseURL}/api/images`, {
    method: "POST",
    headers: { cookie: `${SESSION_COOKIE}=${cookie}`, origin: stack.baseURL, "content-type": contentType, accept: "application/json" },
    body: new Uint8Array(body),
  });
  const json = (await response.json()) as { image?: { width: number; height: number }; error?: { code: string } };
  return { status: response.status, ms: performance.now() - started, width: json.image?.width, height: json.image?.height, code: json.error?.code };
}

type Scenario = { label: string; load: string; uploads: Upload[]; wallMs: number; beforeMb: number; hwmMb: number; sampledPeakMb: number; afterMb: number; maxThreads: number; healthMaxMs?: number };

async function scenario(stack: Stack, label: string, run: () => Promise<Upload[]>, watchHealth = false): Promise<Scenario> {
  await sleep(2000); // let the last scenario's garbage go
  const load = loadavg();
  const before = status(stack.pid);
  resetPeak(stack.pid);
  let sampledPeak = before.rssMb;
  let maxThreads = before.threads;
  const sampler = setInterval(() => {
    const now = status(stack.pid);
    sampledPeak = Math.max(sampledPeak, now.rssMb);
    maxThreads = Math.max(maxThreads, now.threads);
  }, 10);
  let healthMax = 0;
  let watching = watchHealth;
  const health = (async () => {
    while (watching) {
      const t = performance.now();
      await (await fetch(`${stack.baseURL}/api/health`)).arrayBuffer();
      healthMax = Math.max(healthMax, performance.now() - t);
      await sleep(50);
    }
  })();
  const started = performance.now();
  const uploads = await run();
  const wallMs = performance.now() - started;
  watching = false;
  await health;
  clearInterval(sampler);
  const after = status(stack.pid);
  const result: Scenario = {
    label,
    load,
    uploads,
    wallMs,
    beforeMb: before.rssMb,
    hwmMb: after.hwmMb,
    sampledPeakMb: Math.max(sampledPeak, after.rssMb),
    afterMb: after.rssMb,
    maxThreads,
    healthMaxMs: watchHealth ? healthMax : undefined,
  };
  const failed = uploads.filter((u) => u.status !== 201);
  console.log(
    `${label}: uploads ${uploads.map((u) => `${Math.round(u.ms)} ms${u.status === 201 ? "" : ` (${u.status} ${u.code})`}`).join(", ")}; RSS ${Math.round(result.beforeMb)} → peak ${Math.round(result.hwmMb)} MB (sampled ${Math.round(result.sampledPeakMb)}) → ${Math.round(result.afterMb)} MB; threads ≤ ${maxThreads}${watchHealth ? `; slowest /api/health ${Math.round(healthMax)} ms` : ""}; load ${load}`,
  );
  if (failed.length) throw new Error(`${failed.length} upload(s) failed in "${label}"`);
  return result;
}

async function main() {
  const jpeg = readFileSync(jpegPath);
  const heicFile = heicPath();
  const heic = readFileSync(heicFile);
  const jpegMeta = await sharp(jpeg).metadata();
  const heicMeta = await sharp(heic).metadata();
  const jpegLabel = `JPEG ${jpegMeta.width}×${jpegMeta.height}, ${(jpeg.length / 2 ** 20).toFixed(1)} MB`;
  const heicLabel = `HEIC ${heicMeta.width}×${heicMeta.height}, ${(heic.length / 2 ** 20).toFixed(1)} MB`;
  const startLoad = loadavg();
  const results: { db: string; idleMb: number; scenarios: Scenario[]; heicWorker: string }[] = [];

  for (const db of databases) {
    await withStack({ postgres: db === "postgres" }, async (stack) => {
      const { cookie } = await registerUser(stack);
      await sleep(2000);
      const idleMb = status(stack.pid).rssMb;
      console.log(`${db}: server idle after sign-up at ${Math.round(idleMb)} MB RSS`);
      const warm = await upload(stack, cookie, jpeg, "image/jpeg");
      if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.code}`);
      const scenarios: Scenario[] = [];
      for (let round = 1; round <= rounds; round++) {
        scenarios.push(
          await scenario(stack, `${db}: 4 × ${jpegLabel} at once, round ${round}`, () =>
            Promise.all(Array.from({ length: 4 }, () => upload(stack, cookie, jpeg, "image/jpeg"))),
          ),
        );
      }
      const logsBefore = stack.logs.length;
      const heicRun = await scenario(stack, `${db}: 1 × ${heicLabel}`, async () => [await upload(stack, cookie, heic, "image/heic")], true);
      const u = heicRun.uploads[0]!;
      if (u.width !== 1536 || u.height !== 1152) throw new Error(`HEIC stored as ${u.width}×${u.height}, expected 1536×1152`);
      scenarios.push(heicRun);
      // decode-heic.ts logs heic.worker_unavailable when it falls back to the main thread.
      const fallback = stack.logs.slice(logsBefore).some((l) => l.event === "heic.worker_unavailable");
      const heicWorker = fallback ? "fell back to the main thread (heic.worker_unavailable)" : "worker thread (no heic.worker_unavailable)";
      console.log(`${db}: HEIC stored ${u.width}×${u.height}; decoded in a ${heicWorker}`);
      results.push({ db, idleMb, scenarios, heicWorker });
    });
  }

  const mb = (x: number) => `${Math.round(x)} MB`;
  const ms = (x: number) => `${Math.round(x)} ms`;
  const lines = [
    `POST /api/images through the production server; ${machine()}; load average ${startLoad} at the start, ${loadavg()} at the end.`,
    "",
    "| Database | Scenario | Each upload | All done | Server RSS before | Peak RSS (VmHWM) | Peak RSS sampled every 10 ms | RSS after | Load (1 min) |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|",
    ...results.flatMap(({ db, scenarios }) =>
      scenarios.map(
        (s) =>
          `| ${db === "pglite" ? "PGlite (in the server)" : "PostgreSQL"} | ${s.label.replace(`${db}: `, "")} | ${s.uploads.map((u) => ms(u.ms)).join(", ")} | ${ms(s.wallMs)} | ${mb(s.beforeMb)} | ${mb(s.hwmMb)} | ${mb(s.sampledPeakMb)} | ${mb(s.afterMb)} | ${s.load.split(" ")[0]} |`,
      ),
    ),
    "",
    ...results.map(({ db, idleMb, scenarios, heicWorker }) => {
      const jpegRounds = scenarios.filter((s) => s.label.includes("at once"));
      const heicRun = scenarios.find((s) => s.label.includes("HEIC"))!;
      return `${db}: idle ${mb(idleMb)}; 4 JPEG at once: median peak ${mb(median(jpegRounds.map((s) => s.hwmMb)))}, median upload ${ms(median(jpegRounds.flatMap((s) => s.uploads.map((u) => u.ms))))}; HEIC: peak ${mb(heicRun.hwmMb)}, ${ms(heicRun.uploads[0]!.ms)}, ${heicWorker}, slowest /api/health meanwhile ${ms(heicRun.healthMaxMs ?? NaN)}.`;
    }),
  ];
  console.log(`\n${lines.join("\n")}\n`);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, "uploads.json"), JSON.stringify(results, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
