// @vitest-environment happy-dom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "~/tests/support/fake-event-source";
import { useFollowedBatches } from "./use-followed-batches";

const open = () => FakeEventSource.made.filter((s) => s.readyState !== 2).map((s) => s.url);

beforeEach(() => {
  FakeEventSource.made = [];
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useFollowedBatches", () => {
  it("follows at most three batches at once, opening the next when one says it is done", () => {
    const onEvent = vi.fn();
    const onEnd = vi.fn();
    renderHook(() => useFollowedBatches(["b1", "b2", "b3", "b4"], onEvent, onEnd));
    expect(open()).toEqual(["/api/batches/b1/events", "/api/batches/b2/events", "/api/batches/b3/events"]);

    const first = FakeEventSource.made[0]!;
    act(() => first.emit({ seq: 1, type: "running", visualizationId: "v1", progress: 0.5 }));
    expect(onEvent).toHaveBeenCalledWith({ seq: 1, type: "running", visualizationId: "v1", progress: 0.5 });
    act(() => first.done());
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(onEnd).toHaveBeenCalledWith("b1");
    expect(open()).toEqual(["/api/batches/b2/events", "/api/batches/b3/events", "/api/batches/b4/events"]);
  });

  it("leaves a dropped connection to the browser, which resumes it; a refused stream reads the listing once and is tried again later, not in a loop", () => {
    const onEnd = vi.fn();
    renderHook(() => useFollowedBatches(["b1"], vi.fn(), onEnd));
    const stream = FakeEventSource.made[0]!;
    act(() => stream.emit({ seq: 4, type: "queued", visualizationId: "v1" }));
    act(() => stream.fail(FakeEventSource.CONNECTING));
    expect(onEnd).not.toHaveBeenCalled();
    expect(FakeEventSource.made).toHaveLength(1);

    act(() => stream.fail(FakeEventSource.CLOSED));
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(open()).toEqual([]);
    act(() => vi.advanceTimersByTime(5_000));
    // Resumes after the last event it had.
    expect(open()).toEqual(["/api/batches/b1/events?after=4"]);

    for (let refusal = 2; refusal <= 4; refusal++) {
      act(() => FakeEventSource.made.at(-1)!.fail(FakeEventSource.CLOSED));
      act(() => vi.advanceTimersByTime(5_000));
    }
    expect(onEnd).toHaveBeenCalledTimes(4);
    expect(FakeEventSource.made).toHaveLength(4);
    expect(open()).toEqual([]);
  });

  it("follows a batch again when asked (a remake joined it), and closes every stream on unmount", () => {
    const { result, unmount } = renderHook(() => useFollowedBatches(["b1", "b2"], vi.fn(), vi.fn()));
    act(() => FakeEventSource.made[0]!.done());
    expect(open()).toEqual(["/api/batches/b2/events"]);
    act(() => result.current.again("b1"));
    expect(open()).toEqual(["/api/batches/b2/events", "/api/batches/b1/events"]);
    unmount();
    expect(open()).toEqual([]);
  });
});
