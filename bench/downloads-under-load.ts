/**
 * Another person's page and restyle while one account or one link's holder downloads as hard as they can, through
 * the production server (after `npm run build`):
 *
 *   node --import tsx bench/downloads-under-load.ts
 *
 * One server on the embedded defaults (PGlite, local files, the local engine), accounts made through
 * POST /api/test/sign-in (E2E_SIGN_IN=true on loopback). Agent A has a listing of --photos=N (default 8) photos
 * of 1536×1152, restyled, one result chosen per photo, an HD copy of each, and a client link. Person B, another
 * account, is measured: --runs=N (default 10) loads of their signed-in page `/design` (with its cookie, one after
 * another) and one restyle (upload excluded: POST /api/batches until its visualization has succeeded). First on
 * a quiet server, then while each load runs (20 s apart, so the account's download pace is full again at each
 * start), started 300 ms before B and kept up until B is done:
 *   - 10 parallel ZIP downloads of A's listing (labelled, in Polish), each started again as soon as it ends;
 *   - 10 parallel HD downloads of A's photos, round robin, the same;
 *   - 20 connections on one image of the client link (anyone who has the link), the same.
 * Prints B's median page time and restyle time quiet and under each load, their ratio to quiet (the goal: at most
 * 1.5 each), how the load's requests ended (200, 429 refused by the download limits), and the server's CPU time
 * over each window against the window's length (what the load costs, whatever else shares the machine).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { ACCOUNT_DOWNLOAD_PACE } from "../src/config/listings";
import { option, withServer } from "./server";
import { loadavg, machine, median, root, sleep } from "./stack";

const port = Number(option("port") ?? 3221);
const photos = Number(option("photos") ?? 8);
const runs = Number(option("runs") ?? 10);
const phone = path.join(root, "tests", "fixtures", "living-room-phone-4032x3024.jpg");

type Account = { base: string; cookie: string };

/** User + system CPU time of the server process so far, in seconds (Linux's /proc, clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function signIn(base: string, tokens: number): Promise<Account> {
  const response = await fetch(`${base}/api/test/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: `bench-${randomUUID()}@example.test`, password: "tajne-haslo-bench-1", tokens }),
  });
  if (response.status !== 201) throw new Error(`POST /api/test/sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { base, cookie };
}

async function call<T>(account: Account, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${account.base}${url}`, {
    method,
    headers: { cookie: account.cookie, origin: account.base, ...(body instanceof Uint8Array ? { "content-type": "image/jpeg" } : body ? { "content-type": "application/json" } : {}) },
    body: body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function upload(account: Account, jpeg: Uint8Array): Promise<string> {
  return (await call<{ image: { id: string } }>(account, "POST", "/api/images", jpeg)).image.id;
}

type ListingView = {
  photos: { id: string; chosenVisualizationId: string | null; results: { visualizationId: string; status: string; result: { id: string } | null }[]; hd: { id: string } | null }[];
};

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 300_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** A's listing: photos restyled, a result chosen each, an HD copy each, and a client link to it. */
async function prepareListing(a: Account, jpeg: Uint8Array) {
  const { listing } = await call<{ listing: { id: string } }>(a, "POST", "/api/listings", { name: "Złota 44/12, Warszawa" });
  const imageIds: string[] = [];
  for (let i = 0; i < photos; i++) imageIds.push(await upload(a, jpeg));
  await call(a, "POST", `/api/listings/${listing.id}/photos`, { sources: imageIds.map((imageId) => ({ type: "image", imageId })), roomType: "living-room" });
  await call(a, "POST", `/api/listings/${listing.id}/generate`, { styles: ["modern"], variations: 1, requestId: randomUUID() });
  const view = () => call<{ listing: ListingView }>(a, "GET", `/api/listings/${listing.id}`).then((r) => r.listing);
  const generated = await until("the listing's results", view, (l) => l.photos.every((p) => p.results.some((r) => r.status === "succeeded")));
  for (const p of generated.photos) {
    await call(a, "PUT", `/api/listings/${listing.id}/photos/${p.id}/choice`, { visualizationId: p.results.find((r) => r.status === "succeeded")!.visualizationId });
    await call(a, "POST", `/api/listings/${listing.id}/photos/${p.id}/hd`);
  }
  await until("the HD copies", view, (l) => l.photos.every((p) => p.hd !== null));
  const share = await call<{ token: string }>(a, "POST", `/api/listings/${listing.id}/shares`);
  const chosen = await view();
  const first = chosen.photos[0]!;
  const resultId = first.results.find((r) => r.visualizationId === first.chosenVisualizationId)!.result!.id;
  return { listingId: listing.id, photoIds: chosen.photos.map((p) => p.id), token: share.token, resultId };
}

/** Requests `url` on `connections` connections, each again as soon as it ends, until stopped; counts the statuses. */
function flood(url: () => string, connections: number, headers: Record<string, string>) {
  let running = true;
  const statuses = new Map<number, number>();
  const loops = Array.from({ length: connections }, async () => {
    while (running) {
      try {
        const response = await fetch(url(), { headers });
        // Read to the end, as a download does.
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 429) await sleep(Number(response.headers.get("retry-after") ?? 1) * 1000);
      } catch {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return [...statuses].sort(([x], [y]) => x - y).map(([status, n]) => `${n} × ${status || "error"}`).join(", ");
    },
  };
}

/** B's page, --runs times one after another, and one restyle from an upload made before. */
async function measureB(b: Account, sourceId: string) {
  const pageTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await fetch(`${b.base}/design`, { headers: { cookie: b.cookie, accept: "text/html" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`B's /design answered ${response.status}`);
    pageTimes.push(performance.now() - started);
  }
  const started = performance.now();
  const { batch } = await call<{ batch: { id: string } }>(b, "POST", "/api/batches", { source: { type: "image", imageId: sourceId }, roomType: "living-room", styles: ["modern"], requestId: randomUUID() });
  await until(
    "B's restyle",
    () => call<{ batch: { visualizations: { status: string }[] } }>(b, "GET", `/api/batches/${batch.id}`),
    (r) => r.batch.visualizations.every((v) => v.status === "succeeded" || v.status === "failed"),
    120_000,
  );
  return { page: median(pageTimes), restyle: performance.now() - started };
}

async function main() {
  const jpeg = new Uint8Array(await sharp(readFileSync(phone)).resize(1536, 1152).jpeg({ quality: 90 }).toBuffer());
  const rows: string[] = [];
  await withServer(port, ["/"], async (base, pid) => {
    const a = await signIn(base, 1000);
    const b = await signIn(base, 1000);
    console.log(`preparing A's listing of ${photos} photos…`);
    const { listingId, photoIds, token, resultId } = await prepareListing(a, jpeg);
    const sources: string[] = [];
    for (let i = 0; i < 4; i++) sources.push(await upload(b, jpeg));
    let source = 0;
    // Warm-up: the page and a restyle once, unmeasured.
    await measureB(b, sources[source++]!);

    // The server's CPU time over each window, against the window's length: what the load itself costs,
    // whatever else the machine runs.
    const window = () => {
      const cpu = cpuSeconds(pid);
      const started = performance.now();
      return () => `${(cpuSeconds(pid) - cpu).toFixed(1)} s in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    };
    const quietWindow = window();
    const quiet = await measureB(b, sources[source++]!);
    const quietCpu = quietWindow();
    console.log(`quiet: page ${Math.round(quiet.page)} ms, restyle ${Math.round(quiet.restyle)} ms; server CPU ${quietCpu}; load ${loadavg()}`);
    rows.push(`| quiet | – | ${Math.round(quiet.page)} | – | ${Math.round(quiet.restyle)} | – | ${quietCpu} | ${loadavg().split(" ")[0]} |`);
    let hd = 0;
    const loads: { label: string; connections: number; url: () => string; headers: Record<string, string> }[] = [
      { label: "10 parallel ZIPs of A's listing", connections: 10, url: () => `${base}/api/listings/${listingId}/zip`, headers: { cookie: a.cookie } },
      { label: "10 parallel HD downloads of A's", connections: 10, url: () => `${base}/api/listings/${listingId}/photos/${photoIds[hd++ % photoIds.length]}/hd`, headers: { cookie: a.cookie } },
      { label: "20 connections on a client-link image", connections: 20, url: () => `${base}/api/shares/${token}/images/${resultId}?locale=pl`, headers: {} },
    ];
    for (const load of loads) {
      // Long enough for the account's download pace to fill again: each load starts as a fresh flood would.
      await sleep((ACCOUNT_DOWNLOAD_PACE.burst / ACCOUNT_DOWNLOAD_PACE.perSecond) * 1000);
      const loadWindow = window();
      const running = flood(load.url, load.connections, load.headers);
      await sleep(300);
      const under = await measureB(b, sources[source++ % sources.length]!);
      const endings = await running.stop();
      const loadCpu = loadWindow();
      const ratio = (x: number, y: number) => `×${(x / y).toFixed(2)}`;
      console.log(`${load.label}: page ${Math.round(under.page)} ms (${ratio(under.page, quiet.page)}), restyle ${Math.round(under.restyle)} ms (${ratio(under.restyle, quiet.restyle)}); ${endings}; server CPU ${loadCpu}; load ${loadavg()}`);
      rows.push(`| ${load.label} | ${endings} | ${Math.round(under.page)} | ${ratio(under.page, quiet.page)} | ${Math.round(under.restyle)} | ${ratio(under.restyle, quiet.restyle)} | ${loadCpu} | ${loadavg().split(" ")[0]} |`);
    }
  }, { E2E_SIGN_IN: "true" });
  console.log(`\nB's /design (median of ${runs}) and one restyle; A's listing of ${photos} photos of 1536×1152; PGlite, local engine, ${machine()}.\n`);
  console.log("| Server busy with | Its requests ended | B's page (ms) | vs quiet | B's restyle (ms) | vs quiet | Server CPU | Load (1 min) |");
  console.log("|---|---|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
