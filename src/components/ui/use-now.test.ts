import { describe, expect, it } from "vitest";
import { minutesLeft } from "./use-now";

describe("minutesLeft", () => {
  const now = Date.parse("2026-11-23T12:00:00Z");
  const at = (ms: number) => new Date(now + ms).toISOString();

  it("never counts more than the hour for an image made seconds after the clock's tick", () => {
    expect(minutesLeft(at(3_600_000 + 5_000), now)).toBe(60);
    expect(minutesLeft(at(3_600_000 + 59_000), now)).toBe(60);
  });

  it("shows at least a minute while any time is left, and 0 once it has passed", () => {
    expect(minutesLeft(at(20_000), now)).toBe(1);
    expect(minutesLeft(at(0), now)).toBe(0);
    expect(minutesLeft(at(-1), now)).toBe(0);
    expect(minutesLeft(at(90 * 60_000 - 1), now)).toBe(89);
    expect(minutesLeft(at(90 * 60_000), now)).toBe(90);
  });
});
