/**
 * Upload normalization benchmark (src/server/images/normalize-image.ts):
 *
 *   node --conditions=react-server --import tsx bench/normalize-image.ts
 *
 * `--conditions=react-server` is needed: the server modules import "server-only", whose default entry throws
 * outside React's server condition (vitest aliases it to an empty module; a plain node script has to pick the
 * condition instead). tsx reads tsconfig.json, so the `@/` imports resolve.
 *
 * For a 12-megapixel JPEG and a 12-megapixel HEIC: the median time of RUNS normalizations one after another
 * (after one warm-up run), the longest event-loop stall of the main thread during them (HEIC is decoded in a
 * worker thread), and the RSS before, at the peak and after; then four normalizations started at once (the
 * module lets two run at a time, and decodes one HEIC at a time). Each scenario runs in a fresh child process
 * with the same flags, so that its peak RSS (getrusage maxrss, worker threads included) is its own and not
 * left over from the one before. Prints a markdown table. The machine's load average is printed with it:
 * on a shared 2-core host the times grow with it.
 *
 * Options: --runs=N (default 10),
 *          --jpeg=PATH (default tests/fixtures/living-room-phone-4032x3024.jpg; a made-up 4032×3024
 *          JPEG when that file is missing),
 *          --heic=PATH (default bench/out/phone-4032x3024.heic, made from the JPEG with `heif-enc -q 60` from Debian's
 *          libheif-examples on the first run and kept; sharp cannot write HEIC).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import sharp from "sharp";
import { option } from "./server";

type Result = { scenario: string; times: number[]; wallMs: number; stallMs: number; baselineRssMb: number; peakRssMb: number; afterRssMb: number };

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "bench", "out");
const runs = Number(option("runs") ?? 10);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function jpegPath(): Promise<string> {
  const given = option("jpeg") ?? "tests/fixtures/living-room-phone-4032x3024.jpg";
  if (existsSync(given)) return given;
  const made = path.join(outDir, "made-4032x3024.jpg");
  if (!existsSync(made)) {
    mkdirSync(outDir, { recursive: true });
    const noise = { type: "gaussian", mean: 128, sigma: 50 } as const;
    writeFileSync(made, await sharp({ create: { width: 4032, height: 3024, channels: 3, background: "#000", noise } }).jpeg({ quality: 90 }).toBuffer());
  }
  return made;
}

function heicPath(jpeg: string): string | null {
  const given = option("heic");
  if (given) return given;
  const made = path.join(outDir, "phone-4032x3024.heic");
  if (existsSync(made)) return made;
  mkdirSync(outDir, { recursive: true });
  console.error(`making ${path.relative(root, made)} with heif-enc (takes 10–30 s)…`);
  const encoded = spawnSync("heif-enc", ["-q", "60", jpeg, "-o", made], { stdio: ["ignore", "ignore", "inherit"] });
  if (encoded.error || encoded.status !== 0) {
    console.error("heif-enc failed or is missing (apt-get install libheif-examples): the HEIC rows are skipped.");
    return null;
  }
  return made;
}

/** One scenario, in this (child) process: prints its Result as JSON on the last line of stdout. */
async function runScenario(scenario: string, file: string): Promise<void> {
  const { normalizeImage } = await import("@/server/images/normalize-image");
  const data = readFileSync(file);
  const baselineRssMb = mb(process.memoryUsage().rss);
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  const times: number[] = [];
  const started = performance.now();
  if (scenario.endsWith("-serial")) {
    await normalizeImage({ data }); // warm-up
    stalls.enable();
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await normalizeImage({ data });
      times.push(performance.now() - t);
    }
  } else {
    stalls.enable();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const t = performance.now();
        await normalizeImage({ data });
        times.push(performance.now() - t);
      }),
    );
  }
  const wallMs = performance.now() - started;
  stalls.disable();
  const result: Result = {
    scenario,
    times,
    wallMs,
    stallMs: stalls.max / 1e6,
    baselineRssMb,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    // What stays once the work is done: libheif's WebAssembly memory grows to the largest image and never shrinks.
    afterRssMb: mb(process.memoryUsage().rss),
  };
  console.log(JSON.stringify(result));
}

function runChild(scenario: string, file: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, `--scenario=${scenario}`, `--file=${file}`, `--runs=${runs}`], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const last = stdout.trim().split("\n").at(-1);
      if (code !== 0 || !last) return reject(new Error(`${scenario} exited with ${code}: ${stdout}`));
      resolve(JSON.parse(last) as Result);
    });
  });
}

async function main() {
  const scenario = option("scenario");
  if (scenario) return runScenario(scenario, option("file")!);

  const loadAtStart = os.loadavg()[0]!.toFixed(2);
  const jpeg = await jpegPath();
  const heic = heicPath(jpeg);
  const inputs: [string, string][] = [["jpeg", jpeg]];
  if (heic) inputs.push(["heic", heic]);
  const rows: string[] = [];
  for (const [kind, file] of inputs) {
    const { width, height } = await sharp(file).metadata();
    const label = `${kind.toUpperCase()} ${width}×${height}, ${(readFileSync(file).length / 1024 / 1024).toFixed(1)} MB`;
    const serial = await runChild(`${kind}-serial`, file);
    const parallel = await runChild(`${kind}-parallel`, file);
    const ms = (value: number) => `${Math.round(value)} ms`;
    rows.push(
      `| ${label}: ${runs} one after another | median ${ms(median(serial.times))} (min ${ms(Math.min(...serial.times))}, max ${ms(Math.max(...serial.times))}) | ${ms(serial.stallMs)} | ${serial.baselineRssMb} MB | ${serial.peakRssMb} MB | ${serial.afterRssMb} MB |`,
      `| ${label}: 4 at once | all done in ${ms(parallel.wallMs)} (each ${ms(Math.min(...parallel.times))}–${ms(Math.max(...parallel.times))}) | ${ms(parallel.stallMs)} | ${parallel.baselineRssMb} MB | ${parallel.peakRssMb} MB | ${parallel.afterRssMb} MB |`,
    );
  }
  console.log(`\nnormalizeImage on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), load average ${loadAtStart} at the start and ${os.loadavg()[0]!.toFixed(2)} at the end\n`);
  console.log("| Input and runs | Time | Longest event-loop stall | RSS before | Peak RSS | RSS after |");
  console.log("|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
}

await main();
