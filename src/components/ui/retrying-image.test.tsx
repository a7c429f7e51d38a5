// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RetryingImage } from "./retrying-image";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("RetryingImage", () => {
  it("asks again a few seconds after a failed load, a few times, and at once when the browser is back online", () => {
    vi.useFakeTimers();
    render(<RetryingImage src="/api/images/r1" alt="Wynik" />);
    const first = screen.getByRole("img", { name: "Wynik" });
    fireEvent.error(first);
    act(() => vi.advanceTimersByTime(1_999));
    expect(screen.getByRole("img", { name: "Wynik" })).toBe(first);
    act(() => vi.advanceTimersByTime(1));
    const second = screen.getByRole("img", { name: "Wynik" });
    expect(second).not.toBe(first);
    expect(second.getAttribute("src")).toBe("/api/images/r1");

    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    fireEvent.error(second);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole("img", { name: "Wynik" })).toBe(second);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(screen.getByRole("img", { name: "Wynik" })).not.toBe(second);
  });

  it("gives up after its last try", () => {
    vi.useFakeTimers();
    render(<RetryingImage src="/api/images/r2" alt="Wynik" />);
    for (let i = 0; i < 3; i++) {
      fireEvent.error(screen.getByRole("img", { name: "Wynik" }));
      act(() => vi.advanceTimersByTime(15_000));
    }
    const last = screen.getByRole("img", { name: "Wynik" });
    fireEvent.error(last);
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole("img", { name: "Wynik" })).toBe(last);
  });
});
