// @vitest-environment happy-dom
import type { ReactNode } from "react";
import { act, cleanup, renderHook } from "@testing-library/react";
import { defaultScheduler, notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ImageDto } from "@/schemas/generation";
import type { ListingDto, ListingPhotoDto } from "@/schemas/listings";
import { FakeEventSource } from "~/tests/support/fake-event-source";
import { useListing } from "./use-listing";

const image: ImageDto = { id: "hd1", url: "/api/images/hd1", kind: "result", width: 3840, height: 2560, createdAt: "2026-11-29T00:00:00.000Z", expiresAt: "2026-11-29T01:00:00.000Z" };
const chosen: ListingPhotoDto["results"][number] = {
  visualizationId: "v1",
  batchId: "b1",
  mode: "restyle",
  styleId: "modern",
  ai: true,
  variant: 0,
  status: "succeeded",
  progress: null,
  result: { ...image, id: "r1", url: "/api/images/r1", width: 1200, height: 800 },
  failureReason: null,
  refunded: false,
  structureScore: 0.9,
  flagged: false,
  scoring: false,
  remadeAs: null,
  remakeOf: null,
};
const listingWith = (photo: Partial<ListingPhotoDto>): ListingDto => ({
  id: "l1",
  name: "Złota 44",
  disclosureLabel: true,
  keptUntil: null,
  lastRoomType: null,
  createdAt: "",
  expiresAt: null,
  expired: false,
  photos: [{ id: "p1", position: 1, roomType: "kitchen", image: null, generatable: true, chosenVisualizationId: "v1", hd: null, hdState: null, results: [chosen], ...photo }],
  shares: [],
});

const open = () => FakeEventSource.made.filter((s) => s.readyState !== 2).map((s) => s.url);
let served: ListingDto;
const reads = vi.fn(async (..._args: unknown[]) => new Response(JSON.stringify({ listing: served }), { headers: { "content-type": "application/json" } }));

/** The answers read. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

let client: QueryClient;
function render(initial: ListingDto) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useListing(initial), { wrapper });
}

beforeEach(() => {
  // TanStack Query tells its observers on the real timers' next turn, which fake timers never reach: at once here.
  notifyManager.setScheduler((callback) => callback());
  FakeEventSource.made = [];
  reads.mockClear();
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal("fetch", reads);
});
afterEach(() => {
  notifyManager.setScheduler(defaultScheduler);
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useListing's HD copies", () => {
  it("follows an HD order over its result's batch, even one whose stream had ended, and reads the listing when the order ends, never on a timer", async () => {
    const hook = render(listingWith({}));
    // Everything settled: nothing to follow.
    expect(open()).toEqual([]);

    // Ordered: the listing read after the order says so, and the batch of the chosen result is followed.
    served = listingWith({ hdState: "queued" });
    await act(() => hook.result.current.refresh());
    await settle();
    expect(open()).toEqual(["/api/batches/b1/events"]);
    const stream = FakeEventSource.made[0]!;

    // While the copy is made, the page asks nothing (it used to read the listing every 3 s).
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(reads).toHaveBeenCalledTimes(1);

    served = listingWith({ hd: image });
    act(() => stream.emit({ seq: 7, type: "hd", visualizationId: "v1", state: "ready" }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    await settle();
    expect(reads).toHaveBeenCalledTimes(2);
    expect(hook.result.current.listing.photos[0]!.hd).toEqual(image);
    act(() => stream.done());
    expect(open()).toEqual([]);

    // Ordered again later (after a failure, say): the ended batch is followed again, from after its last event.
    served = listingWith({ hdState: "running" });
    await act(() => hook.result.current.refresh());
    await settle();
    expect(open()).toEqual(["/api/batches/b1/events?after=7"]);
  });
});
