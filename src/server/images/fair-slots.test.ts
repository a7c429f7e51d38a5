import { describe, expect, it } from "vitest";
import { fairSlots } from "./fair-slots";

/** A piece of work that runs until the test lets it finish; `started` says whether it got a slot. */
function work() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const job = { started: false, finish, run: async () => { job.started = true; await done; } };
  return job;
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("fairSlots", () => {
  it("keeps a slot for another owner while one owner floods: the newcomer starts at once, the flood waits its turn", async () => {
    const slots = fairSlots({ slots: 2, perOwner: 1 });
    const flood = Array.from({ length: 8 }, work);
    const floods = flood.map((w) => slots.run("attacker", w.run));
    const other = work();
    const others = slots.run("someone", other.run);
    await tick();
    expect(flood.filter((w) => w.started)).toHaveLength(1);
    expect(other.started).toBe(true);
    expect(slots.state()).toEqual({ running: 2, waiting: 7 });
    other.finish();
    await others;
    await tick();
    // The freed slot is not the flood's second: one owner holds one at most.
    expect(flood.filter((w) => w.started)).toHaveLength(1);
    for (const w of flood) {
      w.finish();
      await tick();
    }
    await Promise.all(floods);
    expect(flood.every((w) => w.started)).toBe(true);
    expect(slots.state()).toEqual({ running: 0, waiting: 0 });
  });

  it("serves waiters in arrival order among owners who may run, and frees the slot when work fails", async () => {
    const slots = fairSlots({ slots: 1, perOwner: 1 });
    const order: string[] = [];
    const first = slots.run("a", async () => {
      order.push("a");
      throw new Error("fails");
    });
    const second = slots.run("b", async () => void order.push("b"));
    const third = slots.run("c", async () => void order.push("c"));
    await expect(first).rejects.toThrow("fails");
    await Promise.all([second, third]);
    expect(order).toEqual(["a", "b", "c"]);
  });

  it("takes turns between owners: another's single piece of work runs next, not after one owner's queue", async () => {
    const slots = fairSlots({ slots: 1, perOwner: 1 });
    const order: string[] = [];
    const flood = Array.from({ length: 4 }, work);
    const floods = flood.map((w, i) => slots.run("attacker", async () => {
      order.push(`attacker ${i}`);
      await w.run();
    }));
    await tick();
    const single = slots.run("someone", async () => void order.push("someone"));
    flood[0]!.finish();
    await tick();
    await single;
    expect(order.slice(0, 2)).toEqual(["attacker 0", "someone"]);
    for (const w of flood.slice(1)) {
      await tick();
      w.finish();
    }
    await Promise.all(floods);
    expect(order).toEqual(["attacker 0", "someone", "attacker 1", "attacker 2", "attacker 3"]);
    expect(slots.state()).toEqual({ running: 0, waiting: 0 });
  });
});
