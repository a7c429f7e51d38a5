import { afterEach, describe, expect, it, vi } from "vitest";
import { signalHere } from "@/server/realtime/signals";
import { IDLE_POLL_FACTOR, startJobRunner, type Worker } from "./start-job-runner";

describe("startJobRunner", () => {
  let worker: Worker | undefined;
  afterEach(async () => {
    await worker?.stop({ graceMs: 0 });
    worker = undefined;
    vi.useRealTimers();
  });

  it("looks less often while nothing is due, up to IDLE_POLL_FACTOR × pollMs, and at pollMs again once it finds work", async () => {
    vi.useFakeTimers();
    const looks: number[] = [];
    const due: string[] = [];
    const ran: string[] = [];
    worker = startJobRunner<string>({
      name: "test",
      concurrency: 1,
      pollMs: 100,
      claim: async () => {
        looks.push(Date.now());
        return due.splice(0, 1);
      },
      run: async (item) => {
        ran.push(item);
      },
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(2_000);
    const gaps = looks.slice(1).map((at, i) => at - looks[i]!);
    expect(gaps.slice(0, 4)).toEqual([100, 200, 400, 400]);
    expect(Math.max(...gaps)).toBe(100 * IDLE_POLL_FACTOR);

    // An item that became due by time (no signal) is found at the next look, at most IDLE_POLL_FACTOR × pollMs later;
    // its end wakes the runner, and the looks are pollMs apart again, then longer as it stays idle.
    due.push("retry");
    const pushedAt = Date.now();
    while (ran.length === 0) await vi.advanceTimersByTimeAsync(10);
    const foundAt = looks.find((at) => at >= pushedAt)!;
    expect(foundAt - pushedAt).toBeLessThanOrEqual(100 * IDLE_POLL_FACTOR);
    await vi.advanceTimersByTimeAsync(1_000);
    const after = looks.filter((at) => at >= foundAt);
    expect(after.slice(1, 5).map((at, i) => at - after[i]!)).toEqual([0, 100, 200, 400]);
    expect(looks[0]).toBe(start);
  });

  it("wakes at once on the signals its kind names, and on no other", async () => {
    vi.useFakeTimers();
    const looks: number[] = [];
    worker = startJobRunner<string>({
      name: "test",
      concurrency: 1,
      pollMs: 100,
      wakeOn: ["batch"],
      claim: async () => {
        looks.push(Date.now());
        return [];
      },
      run: async () => undefined,
    });
    // Idle: looks 400 ms apart by now.
    await vi.advanceTimersByTimeAsync(2_000);
    const before = looks.length;
    signalHere("jobs", "*");
    await vi.advanceTimersByTimeAsync(10);
    expect(looks).toHaveLength(before);
    signalHere("batch", "b1");
    await vi.advanceTimersByTimeAsync(10);
    expect(looks).toHaveLength(before + 1);
  });
});
