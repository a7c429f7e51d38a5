// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COLOR_MODE_STORAGE_KEY, colorModeScript, parsePreference } from "./color-mode-script";

function stubDevice(dark: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: dark && query === "(prefers-color-scheme: dark)" }));
}

const run = () => new Function(colorModeScript)();
const root = () => document.documentElement;

describe("colorModeScript", () => {
  beforeEach(() => {
    localStorage.clear();
    root().className = "";
    root().removeAttribute("style");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("follows the device when nothing is stored", () => {
    stubDevice(true);
    run();
    expect(root().classList.contains("dark")).toBe(true);
    expect(root().style.colorScheme).toBe("dark");
  });

  it("applies a stored preference over the device setting", () => {
    stubDevice(true);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, "light");
    root().classList.add("dark");
    run();
    expect(root().classList.contains("dark")).toBe(false);
    expect(root().style.colorScheme).toBe("light");

    stubDevice(false);
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, "dark");
    run();
    expect(root().classList.contains("dark")).toBe(true);
  });

  it("falls back to the device when storage is blocked", () => {
    stubDevice(false);
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(run).not.toThrow();
    expect(root().style.colorScheme).toBe("light");
    vi.restoreAllMocks();
  });

  it("keeps other classes on <html>", () => {
    stubDevice(true);
    root().className = "font-sans";
    run();
    expect(root().className).toBe("font-sans dark");
  });
});

describe("parsePreference", () => {
  it("accepts light and dark and treats anything else as system", () => {
    expect(parsePreference("light")).toBe("light");
    expect(parsePreference("dark")).toBe("dark");
    expect(parsePreference("system")).toBe("system");
    expect(parsePreference("sepia")).toBe("system");
    expect(parsePreference(null)).toBe("system");
  });
});
