import { describe, expect, it } from "vitest";
import { paced } from "./in-flight";

describe("paced", () => {
  it("lets a burst through at once, then one per 1/perSecond, and says how long to wait", () => {
    let now = 0;
    const pace = paced({ burst: 3, perSecond: 2 }, () => now);
    expect([pace.take("link"), pace.take("link"), pace.take("link")]).toEqual([0, 0, 0]);
    expect(pace.take("link")).toBe(1);
    // Another subject has its own bucket.
    expect(pace.take("other")).toBe(0);
    now += 500;
    expect(pace.take("link")).toBe(0);
    expect(pace.take("link")).toBe(1);
    now += 60_000;
    expect([pace.take("link"), pace.take("link"), pace.take("link"), pace.take("link")]).toEqual([0, 0, 0, 1]);
  });
});
