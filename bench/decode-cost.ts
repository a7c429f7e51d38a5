/**
 * Decode cost per megapixel of each upload format, through the real normalizeImage (decode, orient, resize to
 * the stored size, WebP):
 *
 *   node --conditions=react-server --import tsx bench/decode-cost.ts
 *
 * Files: the 12-megapixel phone JPEG of tests/fixtures, and from it (made once into bench/out, kept) a
 * 40-megapixel JPEG (7300×5475, quality 85), a 12- and a 40-megapixel AVIF (sharp, quality 50, effort 0) and
 * a 12-megapixel HEIC (`heif-enc -q 60`, Debian's libheif-examples; skipped when missing). Each file: one
 * warm-up, then the median of --runs=N (default 5) normalizations one after another: wall time and CPU time
 * (process.cpuUsage, user + system of every thread of the process, so also libvips' and the HEIC worker's),
 * each also per megapixel, with the load average. CPU time is the figure to compare on a shared machine:
 * wall time grows with whatever else runs there. The figures set UPLOAD_MAX_PIXELS_BY_FORMAT in
 * src/config/generation.ts (decision record 0011).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { normalizeImage } from "@/server/images/normalize-image";
import { option } from "./server";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "bench", "out");
const runs = Number(option("runs") ?? 5);
const phone = path.join(root, "tests", "fixtures", "living-room-phone-4032x3024.jpg");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function made(name: string, make: (file: string) => Promise<unknown>): Promise<string | null> {
  const file = path.join(outDir, name);
  if (!existsSync(file)) {
    mkdirSync(outDir, { recursive: true });
    console.log(`making bench/out/${name}…`);
    await make(file);
  }
  return existsSync(file) ? file : null;
}

async function main() {
  const files = [
    { label: "JPEG 12 MP", file: phone },
    { label: "JPEG 40 MP", file: await made("room-7300x5475.jpg", (f) => sharp(phone).resize(7300, 5475, { fit: "fill" }).jpeg({ quality: 85 }).toFile(f)) },
    { label: "AVIF 12 MP", file: await made("room-4032x3024.avif", (f) => sharp(phone).avif({ quality: 50, effort: 0 }).toFile(f)) },
    { label: "AVIF 24 MP", file: await made("room-5656x4242.avif", (f) => sharp(phone).resize(5656, 4242, { fit: "fill" }).avif({ quality: 50, effort: 0 }).toFile(f)) },
    { label: "AVIF 40 MP", file: await made("room-7300x5475.avif", (f) => sharp(phone).resize(7300, 5475, { fit: "fill" }).avif({ quality: 50, effort: 0 }).toFile(f)) },
    {
      label: "HEIC 12 MP",
      file: await made("room-4032x3024.heic", async (f) => spawnSync("heif-enc", ["-q", "60", phone, "-o", f], { stdio: "ignore" })),
    },
  ];
  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  console.log("| file | MB | wall ms (median) | CPU ms (median) | CPU ms per MP |");
  console.log("|---|---:|---:|---:|---:|");
  for (const { label, file } of files) {
    if (!file) {
      console.log(`| ${label} | – | skipped (heif-enc missing) | |`);
      continue;
    }
    const data = readFileSync(file);
    const meta = await sharp(data).metadata();
    const megapixels = ((meta.width ?? 0) * (meta.height ?? 0)) / 1e6;
    const refused = await normalizeImage({ data }).then(
      () => null,
      (error: unknown) => (error instanceof Error && "details" in error ? String((error as { details: { reason?: string } }).details.reason) : String(error)),
    );
    if (refused) {
      const usage = process.cpuUsage();
      await normalizeImage({ data }).catch(() => undefined);
      const used = process.cpuUsage(usage);
      console.log(`| ${label} (${meta.width}×${meta.height}) | ${(data.length / 2 ** 20).toFixed(1)} | refused (${refused}) | ${Math.round((used.user + used.system) / 1000)} | – |`);
      continue;
    }
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const usage = process.cpuUsage();
      await normalizeImage({ data });
      const used = process.cpuUsage(usage);
      times.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    const cpuMs = median(cpu);
    console.log(`| ${label} (${meta.width}×${meta.height}) | ${(data.length / 2 ** 20).toFixed(1)} | ${Math.round(median(times))} | ${Math.round(cpuMs)} | ${(cpuMs / megapixels).toFixed(1)} |`);
  }
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
}

await main();
