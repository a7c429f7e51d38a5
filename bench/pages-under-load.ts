/**
 * Pages under a crowd: `npm run bench:load` (after `npm run build`; this builds nothing), i.e.
 *
 *   node --import tsx bench/pages-under-load.ts
 *
 * Starts the production server on the embedded defaults (PGlite, local files) and loads each page with
 * autocannon, one page after the other in one run:
 * - public pages, 50 connections for 10 s each: first `/robots.txt` (a static file, the yardstick), then the
 *   landing in both languages, pricing, the offer, the blog and a post. The requests look like a browser's
 *   first visit: `Accept: text/html`, `Accept-Encoding: br, gzip`, no cookies. Three seconds of each of the
 *   first two, unmeasured, warm the server up.
 * - signed-in pages, 20 connections for 10 s each: `/design` and `/generations` of a fresh account (signed in
 *   through POST /api/test/sign-in, so the server runs with E2E_SIGN_IN=true on loopback), its session cookie
 *   on every request (the person's data comes inside the page), each followed by GET /api/me, which a
 *   navigation inside the app asks instead. Three seconds of `/design`, unmeasured, first.
 * Then the public pages again with the shared-page cache switched off (SHARED_PAGE_CACHE=false: every page
 * rendered per request), for comparison. Reports requests per second, the median and p99 latency, the
 * ratio to robots.txt of the same server, the server's CPU time per request (user + system of its process
 * over the 10 s, divided by the requests answered), the page's size (as sent with Brotli, and as HTML) and
 * any non-2xx answers or errors.
 *
 * With --baseline=<dir> (another checkout of the project with its own `npm run build`, e.g. the commit
 * before a change, its node_modules linked in), the same pages are measured on that checkout's server too,
 * page by page in turn with this one, so both see the same host load; the tables then have a row per server.
 * --rounds=N splits each page's time into N turns per server, alternating, so that a change in the host's
 * load lands on both (the row sums the requests and CPU time of its turns, and reports the median of their
 * median and p99 latencies). --old-env=A=1,B=2 and --new-env=… add environment variables to the baseline's or this server (with
 * --baseline=. the same build under two settings, e.g. a V8 flag through NODE_OPTIONS).
 *
 * Target: `/` at 50 connections at least 0.7 × the requests per second of `/robots.txt`, p99 under
 * 100 ms.
 *
 * Options: --port=N (default 3211; a baseline gets N+1), --duration=S (default 10), --connections=N
 * (default 50), --signed-in-connections=N (default 20), --uncached=false to skip the comparison run,
 * --public=false or --signed-in=false to skip a part, --baseline=<dir>, --rounds=N (default 1), --old-env=…,
 * --new-env=….
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { loadavg, machine } from "./stack";
import { option, withServer } from "./server";

const port = Number(option("port") ?? 3211);
const duration = Number(option("duration") ?? 10);
const connections = Number(option("connections") ?? 50);
const signedInConnections = Number(option("signed-in-connections") ?? 20);
const rounds = Math.max(1, Number(option("rounds") ?? 1));
const compareUncached = option("uncached") !== "false";
const measurePublic = option("public") !== "false";
const measureSignedIn = option("signed-in") !== "false";
const baselineDir = option("baseline") ? path.resolve(option("baseline")!) : null;
const envOption = (name: string): Record<string, string> =>
  Object.fromEntries((option(name) ?? "").split(",").filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
const oldEnv = envOption("old-env");
const newEnv = envOption("new-env");

const pages = ["/robots.txt", "/", "/en", "/cennik", "/oferta", "/blog"];
const signedInPages = ["/design", "/generations"];
/**
 * The person's data of each signed-in page (a shell, decision record 0014): a document load gets it inside the
 * page; a navigation inside the app asks GET /api/me for it. Measured the same way.
 */
const signedInData: Record<string, string> = { "/design": "/api/me?locale=pl&with=gallery", "/generations": "/api/me?locale=pl&with=batches" };
const headers = { accept: "text/html,application/xhtml+xml", "accept-encoding": "br, gzip", "user-agent": "Mozilla/5.0 (bench) Chrome/140" };

type Server = { label: string; base: string; pid: number; cookie?: string };
type Row = { page: string; server: string; rps: number; p50: number; p99: number; cpuMs: number; brKb: number; htmlKb: number; bad: number; load: string };
type Turn = { requests: number; seconds: number; cpu: number; p50: number; p99: number; bad: number; load: string };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** User + system CPU time of a process so far, in milliseconds (Linux's /proc, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function size(url: string, requestHeaders: Record<string, string>): Promise<{ brKb: number; htmlKb: number }> {
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  const plain = await (await fetch(url, { headers: { ...requestHeaders, "accept-encoding": "identity" } })).arrayBuffer();
  // fetch decodes what it receives, so the compressed size is read off the wire with node:http instead.
  const { request } = await import("node:http");
  const compressed = await new Promise<number>((resolve, reject) => {
    request(url, { headers: requestHeaders }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve(bytes));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
  return { brKb: kb(compressed), htmlKb: kb(plain.byteLength) };
}

async function turn(server: Server, page: string, conns: number, seconds: number): Promise<Turn> {
  const requestHeaders = server.cookie ? { ...headers, cookie: server.cookie } : headers;
  const cpuBefore = cpuMs(server.pid);
  const result = await autocannon({ url: `${server.base}${page}`, connections: conns, duration: seconds, headers: requestHeaders });
  const cpu = cpuMs(server.pid) - cpuBefore;
  return { requests: result.requests.total, seconds, cpu, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts, load: loadavg() };
}

/** `page` on every server, in `rounds` alternating turns each: one row per server. */
async function load(servers: Server[], page: string, conns: number): Promise<Row[]> {
  const sizes = new Map<Server, { brKb: number; htmlKb: number }>();
  const answering: Server[] = [];
  for (const server of servers) {
    const requestHeaders = server.cookie ? { ...headers, cookie: server.cookie } : headers;
    const first = await fetch(`${server.base}${page}`, { headers: requestHeaders, redirect: "manual" });
    await first.arrayBuffer();
    // A baseline from before the signed-in shells has no GET /api/me: its pages carried the data themselves.
    if (first.status === 404 && page.startsWith("/api/")) continue;
    if (first.status !== 200) throw new Error(`${server.label} GET ${page} answered ${first.status}`);
    answering.push(server);
    sizes.set(server, await size(`${server.base}${page}`, requestHeaders));
  }
  const turns = new Map<Server, Turn[]>(answering.map((server) => [server, []]));
  for (let round = 0; round < rounds; round++) {
    for (const server of answering) turns.get(server)!.push(await turn(server, page, conns, duration / rounds));
  }
  return answering.map((server) => {
    const all = turns.get(server)!;
    const requests = all.reduce((sum, t) => sum + t.requests, 0);
    const row: Row = {
      page,
      server: server.label,
      rps: Math.round(requests / all.reduce((sum, t) => sum + t.seconds, 0)),
      p50: median(all.map((t) => t.p50)),
      p99: median(all.map((t) => t.p99)),
      cpuMs: Math.round((all.reduce((sum, t) => sum + t.cpu, 0) / Math.max(1, requests)) * 100) / 100,
      ...sizes.get(server)!,
      bad: all.reduce((sum, t) => sum + t.bad, 0),
      load: all.at(-1)!.load,
    };
    console.log(
      `${server.label} ${page}: ${row.rps} req/s, median ${row.p50} ms, p99 ${row.p99} ms, CPU ${row.cpuMs} ms/request, ${row.brKb} KB br / ${row.htmlKb} KB, non-2xx/errors ${row.bad}, load ${row.load}`,
    );
    return row;
  });
}

/** A fresh account on `base`, signed in: the cookies the sign-in set, as a Cookie header. */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/test/sign-in`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.test`, password: "bench-password-1", tokens: 100 }),
  });
  if (response.status !== 201) throw new Error(`POST /api/test/sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

/** This checkout's server and, with --baseline, the baseline's, both running while `measure` runs. */
async function withServers<T>(env: Record<string, string>, measure: (servers: Server[]) => Promise<T>): Promise<T> {
  const environment = { E2E_SIGN_IN: "true", ...env };
  return withServer(
    port,
    [],
    (base, pid) => {
      const current: Server = { label: baselineDir ? "new" : "server", base, pid };
      if (!baselineDir) return measure([current]);
      return withServer(port + 1, [], (oldBase, oldPid) => measure([{ label: "old", base: oldBase, pid: oldPid }, current]), { ...environment, ...oldEnv }, baselineDir);
    },
    { ...environment, ...newEnv },
  );
}

async function run(label: string, env: Record<string, string>, signedIn: boolean): Promise<Row[]> {
  return withServers(env, async (servers) => {
    const rows: Row[] = [];
    if (measurePublic) {
      // The first post the blog lists, so the set follows the content.
      const list = await (await fetch(`${servers[0]!.base}/blog`)).text();
      const post = /href="(\/blog\/[^"?#.]+)"/.exec(list)?.[1];
      const measured = post ? [...pages, post] : pages;
      for (const server of servers) {
        // Unmeasured: the first seconds under load are V8 optimising the request path, for whichever page comes first.
        await autocannon({ url: `${server.base}/robots.txt`, connections, duration: 3, headers });
        await autocannon({ url: `${server.base}/`, connections, duration: 3, headers });
      }
      for (const page of measured) for (const row of await load(servers, page, connections)) rows.push({ ...row, server: `${label} ${row.server}` });
    }
    if (signedIn) {
      for (const server of servers) {
        server.cookie = await signIn(server.base);
        await autocannon({ url: `${server.base}/design`, connections: signedInConnections, duration: 3, headers: { ...headers, cookie: server.cookie } });
      }
      for (const page of signedInPages.flatMap((page) => [page, signedInData[page]!])) {
        for (const row of await load(servers, page, signedInConnections)) rows.push({ ...row, server: `${label} ${row.server}` });
      }
    }
    return rows;
  });
}

function table(title: string, rows: Row[]) {
  if (rows.length === 0) return;
  const yardstick = (server: string) => rows.find((row) => row.page === "/robots.txt" && row.server === server)?.rps;
  console.log(
    `\n${title}\n\n| Page | Server | Requests/s | × robots.txt | Median | p99 | CPU per request | Brotli / HTML | Non-2xx or errors | Load (1, 5, 15 min) |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---|`,
  );
  for (const row of rows) {
    const base = yardstick(row.server);
    console.log(
      `| \`${row.page}\` | ${row.server} | ${row.rps} | ${base ? (row.rps / base).toFixed(2) : "–"} | ${row.p50} ms | ${row.p99} ms | ${row.cpuMs} ms | ${row.brKb} / ${row.htmlKb} KB | ${row.bad} | ${row.load} |`,
    );
  }
}

console.log(`${machine()}; public pages at ${connections} connections, signed-in pages at ${signedInConnections}, ${duration} s per page${baselineDir ? `; baseline ${baselineDir}` : ""}`);
const cached = await run("cached", {}, measureSignedIn);
const uncached = compareUncached && measurePublic ? await run("uncached", { SHARED_PAGE_CACHE: "false" }, false) : [];
table("Shared-page cache on (the default)", cached.filter((row) => !signedInPages.includes(row.page) && !row.page.startsWith("/api/")));
const signedInRows = cached.filter((row) => signedInPages.includes(row.page) || row.page.startsWith("/api/"));
table("Signed in (the session cookie on every request)", signedInRows);
for (const row of signedInRows.filter((row) => signedInPages.includes(row.page))) {
  const data = signedInRows.find((other) => other.page === signedInData[row.page] && other.server === row.server);
  if (data) console.log(`${row.page} (${row.server}): ${row.cpuMs} ms of CPU opened as a document (the person's data inside); reached from another page of the app, GET /api/me costs ${data.cpuMs} ms.`);
}
table("Cache off (SHARED_PAGE_CACHE=false)", uncached);
for (const server of new Set(cached.map((row) => row.server))) {
  const landing = cached.find((row) => row.page === "/" && row.server === server);
  const robots = cached.find((row) => row.page === "/robots.txt" && row.server === server);
  if (!landing || !robots) continue;
  const ratio = landing.rps / robots.rps;
  console.log(`Target for / (${server}): ≥ 0.7 × robots.txt (${ratio.toFixed(2)}: ${ratio >= 0.7 ? "met" : "not met"}), p99 < 100 ms (${landing.p99} ms: ${landing.p99 < 100 ? "met" : "not met"}).`);
}
