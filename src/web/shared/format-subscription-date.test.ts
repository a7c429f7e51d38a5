import { describe, expect, it } from "vitest";
import { formatSubscriptionDate } from "./format-subscription-date";

describe("formatSubscriptionDate", () => {
  it("shows dd.mm.yyyy in Warsaw time", () => {
    expect(formatSubscriptionDate(new Date("2025-01-05T12:00:00Z"))).toBe("05.01.2025");
    // 23:30 UTC on 31 December is already 1 January in Warsaw.
    expect(formatSubscriptionDate(new Date("2025-12-31T23:30:00Z"))).toBe("01.01.2026");
  });
});
