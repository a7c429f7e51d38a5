/**
 * Fair uploads under a flood, through the production server (after `npm run build`):
 *
 *   node --conditions=react-server --import tsx bench/upload-fairness.ts
 *
 * One server on the embedded database, two accounts registered through /login in Chromium. Person B's small
 * JPEG (about 2 KB, as a photo cropped to a thumbnail would be) is uploaded --runs=N times (default 10) one after
 * another on a quiet server: its quiet time. Then account A starts eight parallel uploads and, 300 ms later, B
 * uploads the same small JPEG N times again while they run (and once more on a quiet server at the end); each
 * flood is:
 *   - eight 40-megapixel AVIF files (7300×5475): what took another person's upload from ~60 ms to 9 s before the
 *     AVIF/HEIC budget and the fair slots;
 *   - eight 24-megapixel AVIF files (5656×4242): the largest AVIF the server accepts, so the decodes really run.
 * Prints B's median and slowest upload, quiet and under each flood, the ratio of the medians to the first
 * quiet run (the goal: under 2), and how A's eight uploads ended (201 stored, 422 refused by the budget, 503 BUSY). Files are made once
 * into bench/out (sharp, AVIF quality 50, effort 0) and kept.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { option } from "./server";
import { loadavg, machine, median, registerUser, root, SESSION_COOKIE, sleep, withStack, type Stack } from "./stack";

const runs = Number(option("runs") ?? 10);
const outDir = path.join(root, "bench", "out");
const phone = path.join(root, "tests", "fixtures", "living-room-phone-4032x3024.jpg");

async function avif(width: number, height: number): Promise<Buffer> {
  const file = path.join(outDir, `room-${width}x${height}.avif`);
  if (!existsSync(file)) {
    mkdirSync(outDir, { recursive: true });
    console.log(`making bench/out/${path.basename(file)}…`);
    await sharp(phone).resize(width, height, { fit: "fill" }).avif({ quality: 50, effort: 0 }).toFile(file);
  }
  return readFileSync(file);
}

type Upload = { status: number; ms: number; code?: string };

async function upload(stack: Stack, cookie: string, body: Buffer, contentType: string): Promise<Upload> {
  const started = performance.now();
  const response = await fetch(`${stack.baseURL}/api/images`, {
    method: "POST",
    headers: { cookie: `${SESSION_COOKIE}=${cookie}`, origin: stack.baseURL, "content-type": contentType, accept: "application/json" },
    body: new Uint8Array(body),
  });
  const json = (await response.json()) as { error?: { code: string } };
  return { status: response.status, ms: performance.now() - started, code: json.error?.code };
}

async function series(stack: Stack, cookie: string, small: Buffer): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const u = await upload(stack, cookie, small, "image/jpeg");
    if (u.status !== 201) throw new Error(`B's upload failed: ${u.status} ${u.code}`);
    times.push(u.ms);
  }
  return times;
}

async function main() {
  const small = await sharp(phone).resize(64, 48).jpeg({ quality: 80 }).toBuffer();
  const floods = [
    { label: "8 × AVIF 40 MP (7300×5475)", file: await avif(7300, 5475) },
    { label: "8 × AVIF 24 MP (5656×4242)", file: await avif(5656, 4242) },
  ];
  const lines: string[] = [];
  await withStack({ postgres: false }, async (stack) => {
    const a = await registerUser(stack);
    const b = await registerUser(stack);
    await upload(stack, b.cookie, small, "image/jpeg");
    await sleep(1000);
    const quietRun = async (label: string) => {
      const load = loadavg();
      const times = await series(stack, b.cookie, small);
      console.log(`${label}: B's ${small.length} B JPEG median ${Math.round(median(times))} ms, slowest ${Math.round(Math.max(...times))} ms; load ${load}`);
      lines.push(`| ${label} | – | ${Math.round(median(times))} | ${Math.round(Math.max(...times))} | – | ${load.split(" ")[0]} |`);
      return times;
    };
    const quiet = await quietRun("quiet, before the floods");
    for (const flood of floods) {
      await sleep(2000);
      const load = loadavg();
      const started = Array.from({ length: 8 }, () => upload(stack, a.cookie, flood.file, "image/avif"));
      await sleep(300);
      const under = await series(stack, b.cookie, small);
      const outcomes = await Promise.all(started);
      const counts = new Map<string, number>();
      for (const o of outcomes) counts.set(`${o.status}${o.code ? ` ${o.code}` : ""}`, (counts.get(`${o.status}${o.code ? ` ${o.code}` : ""}`) ?? 0) + 1);
      const endings = [...counts].map(([k, n]) => `${n} × ${k}`).join(", ");
      const ratio = median(under) / median(quiet);
      console.log(`${flood.label}: B median ${Math.round(median(under))} ms (×${ratio.toFixed(2)}), slowest ${Math.round(Math.max(...under))} ms; A's uploads: ${endings}; load ${load}`);
      lines.push(`| ${flood.label} from A | ${endings} | ${Math.round(median(under))} | ${Math.round(Math.max(...under))} | ×${ratio.toFixed(2)} | ${load.split(" ")[0]} |`);
    }
    await sleep(2000);
    await quietRun("quiet, after the floods");
  });
  console.log(`\n${small.length} B JPEG of person B, ${runs} uploads per row, PGlite, ${machine()}.\n`);
  console.log("| Server busy with | A's eight uploads ended | B's median (ms) | B's slowest (ms) | B's median vs quiet | Load (1 min) |");
  console.log("|---|---|---:|---:|---:|---:|");
  for (const line of lines) console.log(line);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
