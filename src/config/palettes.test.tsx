// @vitest-environment happy-dom
import { describe, expect, it, vi } from "vitest";
import { palettes, resolveTheme, shades, themeCss, type PaletteName } from "./palettes";
import { theme } from "./theme";

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const AA = 4.5;

describe("palettes", () => {
  it("defines every shade of every palette as a hex colour", () => {
    for (const scale of Object.values(palettes)) {
      expect(Object.keys(scale).map(Number)).toEqual([...shades]);
      for (const value of Object.values(scale)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it("orders each scale from light to dark", () => {
    for (const scale of Object.values(palettes)) {
      const values = shades.map((shade) => luminance(scale[shade]));
      expect(values).toEqual([...values].sort((a, b) => b - a));
    }
  });

  it.each(Object.keys(palettes) as PaletteName[])("%s keeps white text on 600 and 700 at WCAG AA", (name) => {
    expect(contrast("#ffffff", palettes[name][600])).toBeGreaterThanOrEqual(AA);
    expect(contrast("#ffffff", palettes[name][700])).toBeGreaterThanOrEqual(AA);
  });

  it("passes the app theme's contrast pairs in light and dark mode", () => {
    const { primary, gray } = resolveTheme(theme);
    expect(contrast("#ffffff", primary[600])).toBeGreaterThanOrEqual(AA);
    expect(contrast("#ffffff", primary[700])).toBeGreaterThanOrEqual(AA);
    expect(contrast(gray[600], "#ffffff")).toBeGreaterThanOrEqual(AA);
    expect(contrast(gray[300], gray[950])).toBeGreaterThanOrEqual(AA);
  });
});

describe("resolveTheme", () => {
  it("returns the named scales without warning", () => {
    const warn = vi.fn();
    expect(resolveTheme({ primary: "sunsetOrange", gray: "coolGray" }, warn)).toEqual({
      primary: palettes.sunsetOrange,
      gray: palettes.coolGray,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns about an unknown primary and falls back to green", () => {
    const warn = vi.fn();
    expect(resolveTheme({ primary: "neonPink", gray: "coolGray" }, warn).primary).toBe(palettes.green);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/primary colour "neonPink".*"green"/);
  });

  it("warns about an unknown gray and falls back to cool", () => {
    const warn = vi.fn();
    expect(resolveTheme({ primary: "aquaBlue", gray: "toString" }, warn).gray).toBe(palettes.cool);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(/gray colour "toString".*"cool"/);
  });

  it("uses console.warn by default", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    resolveTheme({ primary: "nope", gray: "nope" });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe("themeCss", () => {
  it("declares every primary and gray shade on :root", () => {
    const css = themeCss(resolveTheme(theme));
    expect(css.startsWith(":root{--ui-primary-50:#fff5ed;")).toBe(true);
    expect(css.endsWith("--ui-gray-950:#04070f}")).toBe(true);
    expect(css.match(/--ui-primary-\d+:/g)).toHaveLength(shades.length);
    expect(css.match(/--ui-gray-\d+:/g)).toHaveLength(shades.length);
    expect(css).toContain("--ui-primary-600:#bd4d00;");
  });
});
