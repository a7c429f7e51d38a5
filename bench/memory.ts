/**
 * Memory of the embedded server: `npm run bench:memory` (after `npm run build`). Starts the production server on
 * a fresh data directory (PGlite, local files) once to create the database, then again as a restarted server
 * runs, and reads its RSS and its own breakdown (`kill -USR2`, logged as `server.memory` by server.ts): idle,
 * after a visitor's browsing session (every public page in both languages, every blog post, the feed, the
 * sitemap, generator examples, Open Graph images), and after the same session twice more. Prints a table
 * for docs/benchmarks.md.
 *
 * Options: --port=N (default 3208), --settle=S seconds of quiet before each reading (default 10).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { productionServerArgs, productionServerEnv } from "../scripts/production-server-env";
import { option } from "./server";

const port = Number(option("port") ?? 3208);
const settleMs = Number(option("settle") ?? 10) * 1000;
const base = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, "..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Reading = { state: string; rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number; arrayBuffersMb: number };

const dataDir = mkdtempSync(path.join(os.tmpdir(), "aranzer-memory-"));
const start = () =>
  spawn(process.execPath, [...productionServerArgs], {
    cwd: root,
    env: { ...process.env, ...productionServerEnv(port, dataDir) },
    stdio: ["ignore", "pipe", "inherit"],
  });

async function healthy(child: ReturnType<typeof start>) {
  const deadline = Date.now() + 120_000;
  while (!(await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error("the server did not become healthy");
    await sleep(250);
  }
}

async function stop(child: ReturnType<typeof start>) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

// The first start creates and migrates the database (PGlite's initdb alone peaks near 1 GB); a server that
// runs for days was restarted on an existing data directory, and that is what is measured.
const first = start();
await healthy(first);
const firstRss = Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${first.pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
console.log(`first start, database created: ${firstRss} MB RSS`);
await stop(first);

const child = start();
const reports: Omit<Reading, "state">[] = [];
const waiting: ((r: Omit<Reading, "state">) => void)[] = [];
createInterface({ input: child.stdout! }).on("line", (text) => {
  if (!text.includes('"server.memory"')) return;
  const report = JSON.parse(text) as Omit<Reading, "state">;
  const resolve = waiting.shift();
  if (resolve) resolve(report);
  else reports.push(report);
});

async function read(state: string): Promise<Reading> {
  await sleep(settleMs);
  const report = new Promise<Omit<Reading, "state">>((resolve) => waiting.push(resolve));
  process.kill(child.pid!, "SIGUSR2");
  const { rssMb, heapUsedMb, heapTotalMb, externalMb, arrayBuffersMb } = await report;
  // The kernel's own figure, to check the process's.
  const vmRss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1];
  const reading = { state, rssMb: vmRss ? Math.round(Number(vmRss) / 1024) : rssMb, heapUsedMb, heapTotalMb, externalMb, arrayBuffersMb };
  console.log(JSON.stringify(reading));
  return reading;
}

async function get(url: string): Promise<string> {
  const response = await fetch(`${base}${url}`);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.headers.get("content-type")?.startsWith("image/") ? (await response.arrayBuffer(), "") : response.text();
}

/** A visitor's session: the public pages in both languages, the whole blog, examples and preview images. */
async function browse(): Promise<number> {
  const pages = ["/", "/en", "/cennik", "/en/pricing", "/oferta", "/en/offer", "/generator", "/en/generator", "/login", "/en/login", "/blog", "/en/blog", "/blog?page=2", "/en/blog?tag=lighting", "/regulamin", "/en/terms-of-service", "/polityka-prywatnosci", "/en/privacy-policy", "/obowiazek-informacyjny", "/blog/rss.xml", "/en/blog/rss.xml", "/sitemap.xml"];
  const sitemap = await get("/sitemap.xml");
  const posts = [...sitemap.matchAll(/<loc>[^<]*?(\/(?:en\/)?blog\/[^<]+)<\/loc>/g)].map((m) => m[1]!).filter((p) => !p.endsWith("/blog"));
  const generator = ["kitchen/boho", "bedroom/glamour", "terrace/japandi", "office/industrial"].map((pair) => `/generator?photo=${pair.split("/")[0]}&style=${pair.split("/")[1]}`);
  const all = [...pages, ...posts, ...generator];
  for (const url of all) {
    const html = await get(url);
    // Each page's Open Graph image, as a link preview would fetch it.
    const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    if (og) await get(new URL(og.replaceAll("&amp;", "&")).pathname);
  }
  return all.length;
}

try {
  await healthy(child);
  const readings = [await read("restarted, idle")];
  const views = await browse();
  readings.push(await read(`after one browsing session (${views} pages and their preview images)`));
  await browse();
  await browse();
  readings.push(await read("after three sessions"));
  console.log("\n| State | RSS | JS heap used / total | Outside the heap (PGlite's WebAssembly memory, buffers) | Rest (code, native libraries, malloc) |\n|---|---:|---:|---:|---:|");
  for (const r of readings) {
    console.log(`| ${r.state} | ${r.rssMb} MB | ${r.heapUsedMb} / ${r.heapTotalMb} MB | ${r.externalMb} MB | ${r.rssMb - r.heapTotalMb - r.externalMb} MB |`);
  }
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
