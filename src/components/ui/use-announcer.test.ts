// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAnnouncer } from "./use-announcer";

afterEach(() => {
  vi.useRealTimers();
});

describe("useAnnouncer", () => {
  it("reads close messages as one text, a later message of the same topic in place of the waiting one", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useAnnouncer(1000));
    act(() => {
      result.current[1]("Sending 3 photos…", "uploads");
      result.current[1]("Modern is ready");
      result.current[1]("No photo added; 3 could not be added.", "uploads");
    });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe("Modern is ready. No photo added; 3 could not be added.");
  });
});
