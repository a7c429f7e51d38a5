/**
 * Public pages under a crowd: `npm run bench:load` (after `npm run build`; this builds nothing), i.e.
 *
 *   node --import tsx bench/pages-under-load.ts
 *
 * Starts the production server on the embedded defaults (PGlite, local files) and loads each page with
 * autocannon, 50 connections for 10 s each, one page after the other in one run: first `/robots.txt` (a
 * static file, the yardstick), then the landing in both languages, pricing, the offer, the blog and a post.
 * The requests look like a browser's first visit: `Accept: text/html`, `Accept-Encoding: br, gzip`, no
 * cookies. Three seconds of each of the first two, unmeasured, warm the server up. Then the same with the
 * shared-page cache switched off (SHARED_PAGE_CACHE=false: every page rendered per request, as before the
 * cache), for comparison. Reports requests per second, the median and p99 latency,
 * the ratio to robots.txt of the same server, and any non-2xx answers or errors.
 *
 * Target: `/` at 50 connections at least 0.7 × the requests per second of `/robots.txt`, p99 under
 * 100 ms.
 *
 * Options: --port=N (default 3211), --duration=S (default 10), --connections=N (default 50),
 * --uncached=false to skip the comparison run.
 */
import autocannon from "autocannon";
import { loadavg, machine } from "./stack";
import { option, withServer } from "./server";

const port = Number(option("port") ?? 3211);
const duration = Number(option("duration") ?? 10);
const connections = Number(option("connections") ?? 50);
const compareUncached = option("uncached") !== "false";

const pages = ["/robots.txt", "/", "/en", "/cennik", "/oferta", "/blog"];
const headers = { accept: "text/html,application/xhtml+xml", "accept-encoding": "br, gzip", "user-agent": "Mozilla/5.0 (bench) Chrome/140" };

type Row = { page: string; rps: number; p50: number; p99: number; bad: number; load: string };

async function load(url: string): Promise<Omit<Row, "page" | "load">> {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

async function run(label: string, env: Record<string, string>): Promise<Row[]> {
  return withServer(
    port,
    pages,
    async (base) => {
      // The first post the blog lists, so the set follows the content.
      const list = await (await fetch(`${base}/blog`)).text();
      const post = /href="(\/blog\/[^"?#.]+)"/.exec(list)?.[1];
      const measured = post ? [...pages, post] : pages;
      // Unmeasured: the first seconds under load are V8 optimising the request path, for whichever page comes first.
      await autocannon({ url: `${base}/robots.txt`, connections, duration: 3, headers });
      await autocannon({ url: `${base}/`, connections, duration: 3, headers });
      const rows: Row[] = [];
      for (const page of measured) {
        await (await fetch(`${base}${page}`, { headers })).arrayBuffer();
        const row = { page, ...(await load(`${base}${page}`)), load: loadavg() };
        console.log(`${label} ${page}: ${row.rps} req/s, median ${row.p50} ms, p99 ${row.p99} ms, non-2xx/errors ${row.bad}, load ${row.load}`);
        rows.push(row);
      }
      return rows;
    },
    env,
  );
}

function table(label: string, rows: Row[]) {
  const yardstick = rows.find((row) => row.page === "/robots.txt")!.rps;
  console.log(`\n${label}\n\n| Page | Requests/s | × robots.txt | Median | p99 | Non-2xx or errors | Load (1, 5, 15 min) |\n|---|---:|---:|---:|---:|---:|---|`);
  for (const row of rows) {
    console.log(`| \`${row.page}\` | ${row.rps} | ${(row.rps / yardstick).toFixed(2)} | ${row.p50} ms | ${row.p99} ms | ${row.bad} | ${row.load} |`);
  }
}

console.log(`${machine()}; ${connections} connections, ${duration} s per page`);
const cached = await run("cached", {});
const uncached = compareUncached ? await run("uncached", { SHARED_PAGE_CACHE: "false" }) : [];
table("Shared-page cache on (the default)", cached);
if (uncached.length) table("Cache off (SHARED_PAGE_CACHE=false)", uncached);
const landing = cached.find((row) => row.page === "/")!;
const ratio = landing.rps / cached.find((row) => row.page === "/robots.txt")!.rps;
console.log(`\nTarget for /: ≥ 0.7 × robots.txt (${ratio.toFixed(2)}: ${ratio >= 0.7 ? "met" : "not met"}), p99 < 100 ms (${landing.p99} ms: ${landing.p99 < 100 ? "met" : "not met"}).`);
