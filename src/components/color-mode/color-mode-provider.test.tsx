// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLOR_MODE_STORAGE_KEY } from "./color-mode-script";
import { ColorModeProvider, ForceColorMode, useColorMode } from "./color-mode-provider";

/** A prefers-color-scheme query whose answer the test can flip. */
function fakeDevice(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal("matchMedia", () => ({
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    setDark(value: boolean) {
      dark = value;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function Probe() {
  const { preference, mode, setPreference } = useColorMode();
  return (
    <>
      <output aria-label="state">{`${preference}/${mode}`}</output>
      <button onClick={() => setPreference("dark")}>dark</button>
      <button onClick={() => setPreference("system")}>system</button>
    </>
  );
}

const state = () => screen.getByLabelText("state").textContent;
const html = document.documentElement;
const htmlMode = () => `${html.classList.contains("dark") ? "dark" : "light"}/${html.style.colorScheme}`;

describe("ColorModeProvider", () => {
  beforeEach(() => {
    localStorage.clear();
    html.className = "";
    html.removeAttribute("style");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("defaults to system and follows the device, including later changes", () => {
    const device = fakeDevice(true);
    render(<ColorModeProvider><Probe /></ColorModeProvider>);
    expect(state()).toBe("system/dark");
    expect(htmlMode()).toBe("dark/dark");

    device.setDark(false);
    expect(state()).toBe("system/light");
    expect(htmlMode()).toBe("light/light");
  });

  it("stores a chosen preference and stops following the device", () => {
    const device = fakeDevice(false);
    render(<ColorModeProvider><Probe /></ColorModeProvider>);
    act(() => screen.getByRole("button", { name: "dark" }).click());
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("dark");
    expect(state()).toBe("dark/dark");

    device.setDark(false);
    expect(htmlMode()).toBe("dark/dark");

    act(() => screen.getByRole("button", { name: "system" }).click());
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("system");
    expect(htmlMode()).toBe("light/light");
  });

  it("reads the stored preference on mount", () => {
    fakeDevice(true);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, "light");
    render(<ColorModeProvider><Probe /></ColorModeProvider>);
    expect(state()).toBe("light/light");
  });

  it("picks up a preference changed in another tab", () => {
    fakeDevice(false);
    render(<ColorModeProvider><Probe /></ColorModeProvider>);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, "dark");
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: COLOR_MODE_STORAGE_KEY, newValue: "dark" }));
    });
    expect(state()).toBe("dark/dark");
  });

  it("still switches for the session when storage is blocked", () => {
    fakeDevice(false);
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    render(<ColorModeProvider><Probe /></ColorModeProvider>);
    act(() => screen.getByRole("button", { name: "dark" }).click());
    expect(state()).toBe("dark/dark");

    vi.restoreAllMocks();
    act(() => screen.getByRole("button", { name: "system" }).click());
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe("system");
    expect(state()).toBe("system/light");
  });

  it("forces a mode while ForceColorMode is mounted and restores it afterwards", () => {
    fakeDevice(false);
    const { rerender } = render(
      <ColorModeProvider><Probe /><ForceColorMode mode="dark" /></ColorModeProvider>,
    );
    expect(state()).toBe("system/dark");
    expect(htmlMode()).toBe("dark/dark");

    rerender(<ColorModeProvider><Probe /></ColorModeProvider>);
    expect(state()).toBe("system/light");
    expect(htmlMode()).toBe("light/light");
  });

  it("refuses to force system with a warning", () => {
    fakeDevice(true);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    render(<ColorModeProvider><Probe /><ForceColorMode mode="system" /></ColorModeProvider>);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"system" cannot be forced'));
    expect(state()).toBe("system/dark");
  });

  it("hydrates without a mismatch and only then applies the stored mode", () => {
    fakeDevice(false);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, "dark");
    const tree = <ColorModeProvider><Probe /></ColorModeProvider>;
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree);
    expect(container.textContent).toContain("system/undefined");
    document.body.append(container);

    const error = vi.spyOn(console, "error");
    render(tree, { container, hydrate: true });
    expect(error).not.toHaveBeenCalled();
    expect(state()).toBe("dark/dark");
    expect(htmlMode()).toBe("dark/dark");
  });

  it("requires the provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow(/inside <ColorModeProvider>/);
  });
});
