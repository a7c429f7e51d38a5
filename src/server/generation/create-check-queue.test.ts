import { afterEach, describe, expect, it, vi } from "vitest";
import { createCheckQueue } from "./create-check-queue";

/** A check that stays open until it is let go, recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    release,
  };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("createCheckQueue", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs checks one at a time, in order, each after the results being stored, and every one of them", async () => {
    vi.useFakeTimers();
    const queue = createCheckQueue({ settleMs: 0, maxDeferMs: 60_000 });
    const log: string[] = [];
    const endFirstStore = queue.beginStore();
    const endSecondStore = queue.beginStore();
    const a = gate(log, "a");
    const b = gate(log, "b");
    const ran = [queue.check(a.work), queue.check(b.work)];
    await flush();
    expect(log).toEqual([]);
    endFirstStore();
    endFirstStore(); // ending twice counts once
    await flush();
    expect(log).toEqual([]);
    endSecondStore();
    await flush();
    expect(log).toEqual(["start a"]);
    a.release();
    await flush();
    expect(log).toEqual(["start a", "end a", "start b"]);
    b.release();
    expect(await Promise.all(ran)).toEqual(["a", "b"]);
  });

  it("leaves settleMs after the last store for its image to be fetched", async () => {
    vi.useFakeTimers();
    const queue = createCheckQueue({ settleMs: 300, maxDeferMs: 2_000 });
    const log: string[] = [];
    const endStore = queue.beginStore();
    const checked = queue.check(async () => log.push("checked"));
    await vi.advanceTimersByTimeAsync(100);
    endStore();
    await vi.advanceTimersByTimeAsync(299);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await checked;
    expect(log).toEqual(["checked"]);
  });

  it("checks anyway after maxDeferMs when a store is always in progress, and passes a check's failure on", async () => {
    vi.useFakeTimers();
    const queue = createCheckQueue({ settleMs: 0, maxDeferMs: 2_000 });
    queue.beginStore();
    const log: string[] = [];
    const failing = queue.check(async () => {
      log.push("failing");
      throw new Error("no pixels");
    });
    const next = queue.check(async () => log.push("next"));
    failing.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(failing).rejects.toThrow("no pixels");
    await vi.advanceTimersByTimeAsync(2_000);
    await next;
    expect(log).toEqual(["failing", "next"]);
  });
});
