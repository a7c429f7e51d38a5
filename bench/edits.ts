/**
 * Edits benchmark: recolour, composite and structure check on one 1536×1152 photo, as the worker runs them
 * after a masked edit.
 *
 *   npm run bench:edits [-- --rounds=N]
 *
 * After two warm-up rounds it runs N rounds (default 20) of: recolorRegion on a wall mask (about 40 % of the
 * photo), compositeOutsideMask of that result, and checkStructure of the composite against the photo with the
 * mask: the three together are what a paint edit costs. Apart from them it times the two ways an AI engine's
 * answer at another size (1024×768 WebP) reaches the photo's size: decodeRaw with the size (sharp resizes) and
 * compositeOutsideMask of the 1024×768 pixels (resized in JavaScript). It prints the median and p95 wall time
 * and the median CPU time of each, and the local engine's removal (inpaintRegion of the sofa, about 12 % of the
 * photo) with the event loop's longest delay while it ran. The host is shared: the load average is printed.
 */
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import path from "node:path";
import sharp from "sharp";
import { compositeOutsideMask } from "../src/server/edits/composite-outside-mask";
import { decodeRaw } from "../src/server/edits/decode-raw";
import { inpaintRegion } from "../src/server/edits/inpaint-region";
import { recolorRegion } from "../src/server/edits/recolor-region";
import { checkStructure } from "../src/server/edits/check-structure";
import type { RawMask } from "../src/server/edits/types";
import { option } from "./server";

const rounds = Number(option("rounds") ?? 20);
const width = 1536;
const height = 1152;
const source = await sharp(path.resolve(import.meta.dirname, "..", "scripts", "assets", "living-room-cc0.jpg")).resize(width, height, { fit: "cover" }).toBuffer();
const photo = await decodeRaw({ image: source });
// What an AI engine might answer: the photo at another size, another colour.
const engineAnswer = await sharp(source).resize(1024, 768).modulate({ hue: 90 }).webp().toBuffer();
const engineResult = await decodeRaw({ image: engineAnswer });

// The wall behind the sofa, brushed: a rectangle with a rounded lower edge.
const mask: RawMask = { data: new Uint8Array(width * height), width, height };
for (let y = 0; y < height; y++) {
  for (let x = 0; x < width; x++) {
    if (x > 100 && x < 1436 && y > 30 && y < 520 + 80 * Math.sin((x / width) * Math.PI)) mask.data[y * width + x] = 255;
  }
}

// The sofa, brushed for removal.
const sofa: RawMask = { data: new Uint8Array(width * height), width, height };
for (let y = 640; y < 1000; y++) sofa.data.fill(255, y * width + 320, y * width + 1120);

type Step = "recolour" | "composite" | "structure" | "together" | "decodeRaw of a 1024×768 answer at 1536×1152" | "composite of 1024×768 pixels" | "inpaint (remove)";
const steps: Step[] = ["recolour", "composite", "structure", "together", "decodeRaw of a 1024×768 answer at 1536×1152", "composite of 1024×768 pixels", "inpaint (remove)"];
const loop = monitorEventLoopDelay({ resolution: 5 });
let longestTask = 0;

/**
 * The process's CPU time between consecutive turns of the event loop, the longest of them: the longest task a
 * request would wait behind on an idle core (the wall-clock delay also counts time the shared host gives to others).
 */
function ticker(): { stop: () => number } {
  let running = true;
  let longest = 0;
  let last = process.cpuUsage();
  const tick = () => {
    const { user, system } = process.cpuUsage(last);
    longest = Math.max(longest, (user + system) / 1000);
    last = process.cpuUsage();
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    stop: () => {
      running = false;
      return longest;
    },
  };
}
const wall = new Map<Step, number[]>(steps.map((s) => [s, []]));
const cpu = new Map<Step, number[]>(steps.map((s) => [s, []]));

async function timed<T>(step: Step, run: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const usage = process.cpuUsage();
  const value = await run();
  const { user, system } = process.cpuUsage(usage);
  wall.get(step)!.push(performance.now() - start);
  cpu.get(step)!.push((user + system) / 1000);
  return value;
}

for (let round = -2; round < rounds; round++) {
  if (round === 0) {
    for (const s of steps) {
      wall.get(s)!.length = 0;
      cpu.get(s)!.length = 0;
    }
  }
  await timed("together", async () => {
    const painted = await timed("recolour", () => recolorRegion({ image: photo, mask, color: "#2E5E4E" }));
    const composite = await timed("composite", () => compositeOutsideMask({ original: photo, result: painted, mask }));
    await timed("structure", () => checkStructure({ original: photo, result: composite, mask }));
  });
  await new Promise((resolve) => setImmediate(resolve));
  await timed("decodeRaw of a 1024×768 answer at 1536×1152", () => decodeRaw({ image: engineAnswer, width, height }));
  await timed("composite of 1024×768 pixels", () => compositeOutsideMask({ original: photo, result: engineResult, mask }));
  await new Promise((resolve) => setImmediate(resolve));
  if (round >= 0) loop.enable();
  const ticking = ticker();
  await timed("inpaint (remove)", () => inpaintRegion({ image: photo, mask: sofa }));
  const longest = ticking.stop();
  if (round >= 0) longestTask = Math.max(longestTask, longest);
  loop.disable();
  // A turn of the event loop between images, as between jobs.
  await new Promise((resolve) => setImmediate(resolve));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${Math.round(value)} ms`;
console.log(`Edits on a ${width}×${height} photo, mask ${Math.round((100 * mask.data.filter(Boolean).length) / mask.data.length)} % of it, ${rounds} rounds; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} at the end\n`);
console.log("| step | median | p95 | CPU, median |");
console.log("|---|---:|---:|---:|");
for (const step of steps) console.log(`| ${step} | ${ms(percentile(wall.get(step)!, 50))} | ${ms(percentile(wall.get(step)!, 95))} | ${ms(percentile(cpu.get(step)!, 50))} |`);
console.log(`\nWhile inpainting: event loop delay max ${ms(loop.max / 1e6)}; longest task between turns ${ms(longestTask)} of CPU. The other steps are synchronous: their time is the delay they cause.`);
