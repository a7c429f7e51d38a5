/**
 * Local engine benchmark: time per image for a 1536×1152 photo, over every style.
 *
 *   node --conditions=react-server --import tsx bench/local-engine.ts [--rounds=N]
 *
 * (The condition lets `import "server-only"` resolve to its empty module; see scripts/style-thumbnails.ts.)
 * After one warm-up image it runs every style N times (default 3) one at a time, then N rounds of all styles
 * with as many in flight as the engine's concurrency allows, as the worker would. It prints a markdown table of
 * the median, p95 and max per image, and the event loop's delay during each part, since the engine runs in the
 * web server's process by default. The host is shared: the load average is printed with the figures.
 */
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import sharp from "sharp";
import { styleIds } from "../src/config/styles";
import type { EngineInput } from "../src/server/engines/engine";
import { createLocalEngine } from "../src/server/engines/local-engine";
import { option } from "./server";

const rounds = Number(option("rounds") ?? 3);
const engine = createLocalEngine();
const photo = await sharp(path.resolve(import.meta.dirname, "..", "scripts", "assets", "living-room-cc0.jpg"))
  .resize(1536, 1152, { fit: "cover" })
  .webp({ quality: 90 })
  .toBuffer();

const input = (styleId: string): EngineInput => ({
  image: photo,
  width: 1536,
  height: 1152,
  roomType: "living-room",
  styleId,
  edit: { mode: "restyle", styleId },
  creativity: "balanced",
  seed: 1,
  prompt: "",
  onProgress: () => {},
  signal: new AbortController().signal,
});

/** Wall time of one image, and the process's CPU time meanwhile (libvips' threads included). */
async function timed(styleId: string): Promise<{ wall: number; cpu: number }> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  await engine.generate(input(styleId));
  const { user, system } = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (user + system) / 1000 };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

type Row = { label: string; times: { wall: number; cpu: number }[]; loopMaxMs: number };

async function measure(label: string, run: (times: Row["times"]) => Promise<void>): Promise<Row> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const times: Row["times"] = [];
  loop.enable();
  await run(times);
  loop.disable();
  return { label, times, loopMaxMs: loop.max / 1e6 };
}

await timed(styleIds[0]!);
const load = os.loadavg()[0]!.toFixed(2);

const alone = await measure("one at a time", async (times) => {
  for (let round = 0; round < rounds; round++) for (const id of styleIds) times.push(await timed(id));
});

// Wall time of each image while `concurrency` images share the host, as the worker runs them.
const together = await measure(`${engine.concurrency} at a time`, async (times) => {
  for (let round = 0; round < rounds; round++) {
    const queue = [...styleIds];
    await Promise.all(
      Array.from({ length: engine.concurrency }, async () => {
        for (let id = queue.shift(); id; id = queue.shift()) times.push(await timed(id));
      }),
    );
  }
});

const ms = (value: number) => `${Math.round(value)} ms`;
console.log(`Local engine, 1536×1152 WebP input, ${styleIds.length} styles × ${rounds} rounds; ${os.cpus().length} CPUs, load average ${load} at start\n`);
console.log("| run | images | median | p95 | max | CPU per image, median | event loop delay, max |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const { label, times, loopMaxMs } of [alone, together]) {
  const wall = times.map((t) => t.wall);
  // With two images in flight the process's CPU time is theirs together, so it says nothing per image.
  const cpu = label === alone.label ? ms(percentile(times.map((t) => t.cpu), 50)) : "–";
  console.log(`| ${label} | ${wall.length} | ${ms(percentile(wall, 50))} | ${ms(percentile(wall, 95))} | ${ms(Math.max(...wall))} | ${cpu} | ${ms(loopMaxMs)} |`);
}
