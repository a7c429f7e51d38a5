/**
 * Renders of the listing page while 3 photos × 8 styles arrive over their event streams, on a scripted timeline
 * (L = 2 s per result, one starting every 0.4 s, each structure check 0.3 s after its result): React Profiler
 * commits of the whole page, renders of the result cards, and the Profiler's render time in jsdom.
 * `npm run bench:listing-renders`; figures in docs/benchmarks.md.
 */
import { act, cleanup, render } from "@testing-library/react";
import { Profiler } from "react";
import { afterEach, describe, it, vi } from "vitest";
import type { ListingDto, ListingResultDto } from "@/schemas/listings";
import { FakeEventSource } from "~/tests/support/fake-event-source";
import { withMessages } from "~/tests/support/messages";
import { QueryProvider } from "@/web/client/query-provider";
import { ListingWorkspace } from "@/components/listings/listing-workspace";

const counts = vi.hoisted(() => ({ results: 0 }));
vi.mock("@/components/listings/listing-result", async (original) => {
  const real = await original<typeof import("@/components/listings/listing-result")>();
  const { createElement, memo } = await import("react");
  return { ListingResult: memo((props: Parameters<typeof real.ListingResult>[0]) => { counts.results++; return createElement(real.ListingResult, props); }) };
});
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn(), replace: vi.fn() }) }));

const NOW = Date.parse("2026-11-29T00:00:00Z");
const image = { id: "img", url: "/api/images/img", kind: "upload" as const, width: 1200, height: 800, createdAt: new Date(NOW).toISOString(), expiresAt: new Date(NOW + 3_600_000).toISOString() };
const STYLES = ["scandinavian", "industrial", "japandi", "boho", "classic", "glamour", "minimalist", "modern"];
const PHOTOS = 3;
const run = (k: number) => 300 + 400 * k;
const done = (k: number) => run(k) + 2000;
const scored = (k: number) => done(k) + 300;
const N = PHOTOS * STYLES.length;

function resultAt(k: number, t: number): ListingResultDto {
  const photo = Math.floor(k / STYLES.length);
  const status = t >= done(k) ? "succeeded" : t >= run(k) ? "running" : "queued";
  return {
    visualizationId: `v${k}`, batchId: `b${photo}`, mode: "restyle", styleId: STYLES[k % STYLES.length]!, ai: true, variant: 0, status, progress: null,
    result: status === "succeeded" ? { ...image, id: `r${k}`, url: `/api/images/r${k}`, kind: "result" } : null,
    failureReason: null, refunded: false, structureScore: t >= scored(k) ? 0.95 : null, flagged: false, scoring: status === "succeeded" && t < scored(k), remadeAs: null, remakeOf: null,
  };
}
function listingAt(t: number): ListingDto {
  return {
    id: "l1", name: "Złota 44", disclosureLabel: true, lastRoomType: "living-room", createdAt: new Date(NOW).toISOString(), expiresAt: image.expiresAt, expired: false, keptUntil: null, shares: [],
    photos: Array.from({ length: PHOTOS }, (_, p) => ({ id: `p${p}`, position: p + 1, roomType: "living-room", image, generatable: true, chosenVisualizationId: null, hd: null, hdState: null,
      results: Array.from({ length: STYLES.length }, (_, s) => resultAt(p * STYLES.length + s, t)) })),
  };
}

let clock = 0;
function serve() {
  vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith("/api/me")) return Response.json({ balance: 10, menu: null, welcome: null, now: NOW, gallery: null, batches: null });
    return Response.json({ listing: listingAt(clock) });
  }));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function measure(name: string, element: React.ReactElement, events: (t: number) => void) {
  vi.useFakeTimers();
  clock = 0;
  serve();
  vi.stubGlobal("EventSource", FakeEventSource);
  FakeEventSource.made = [];
  let commits = 0;
  let ms = 0;
  render(withMessages(<Profiler id="w" onRender={(_id, _phase, actual) => { commits++; ms += actual; }}>{element}</Profiler>));
  await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
  commits = 0;
  ms = 0;
  counts.results = 0;
  for (clock = 0; clock <= 16_000; clock += 50) {
    events(clock);
    await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
  }
  console.log(`${name}: ${commits} commits, ${counts.results} result renders, ${ms.toFixed(0)} ms rendering (${N} results, last scored at ${scored(N - 1)} ms)`);
}

describe("renders of the listing page while 3 photos × 8 styles arrive", () => {
  it("over the event streams", async () => {
    const emitted = new Set<string>();
    await measure("listing page", <QueryProvider><ListingWorkspace initial={listingAt(0)} now={NOW} listPath="/o" sharePrefix="/p/" hdPlain={false} modes={["restyle"]} enginesDocs="https://x.test" library={[]} /></QueryProvider>, (t) => {
      for (let k = 0; k < N; k++) {
        const stream = FakeEventSource.made.find((s) => s.url.startsWith(`/api/batches/b${Math.floor(k / STYLES.length)}/`) && s.readyState !== 2);
        if (!stream) continue;
        const r = resultAt(k, t);
        const send = (key: string, event: object) => { if (!emitted.has(key)) { emitted.add(key); stream.emit(event); } };
        if (t >= run(k)) send(`run${k}`, { seq: 1 + k * 3, type: "running", visualizationId: r.visualizationId, progress: null });
        if (t >= done(k)) send(`done${k}`, { seq: 2 + k * 3, type: "succeeded", visualizationId: r.visualizationId, result: r.result, structureScore: null, flagged: false });
        if (t >= scored(k)) send(`scored${k}`, { seq: 3 + k * 3, type: "scored", visualizationId: r.visualizationId, structureScore: 0.95, flagged: false });
      }
      for (let p = 0; p < PHOTOS; p++) {
        const last = (p + 1) * STYLES.length - 1;
        const stream = FakeEventSource.made.find((s) => s.url.startsWith(`/api/batches/b${p}/`) && s.readyState !== 2);
        if (stream && t >= scored(last) && !emitted.has(`end${p}`)) { emitted.add(`end${p}`); stream.done(); }
      }
    });
  }, 120_000);
});
