import { describe, expect, it } from "vitest";
import { deltaE2000 } from "./delta-e-2000";

describe("deltaE2000", () => {
  // Pairs 1, 7 and 18 of Sharma, Wu and Dalal's test data (2005).
  it.each([
    [{ L: 50, a: 2.6772, b: -79.7751 }, { L: 50, a: 0, b: -82.7485 }, 2.0425],
    [{ L: 50, a: 0, b: 0 }, { L: 50, a: -1, b: 2 }, 2.3669],
    [{ L: 50, a: 2.5, b: 0 }, { L: 73, a: 25, b: -18 }, 27.1492],
  ])("matches the published difference of %o and %o", (first, second, expected) => {
    expect(deltaE2000({ first, second })).toBeCloseTo(expected, 4);
    expect(deltaE2000({ first: second, second: first })).toBeCloseTo(expected, 4);
  });
});
