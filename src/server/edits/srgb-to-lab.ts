import type { Lab } from "./types";

/** sRGB (0..255 per channel) to CIELAB under D65 (IEC 61966-2-1, CIE 15). */
export function srgbToLab({ rgb: [r, g, b] }: { rgb: readonly [number, number, number] }): Lab {
  const R = toLinear(r);
  const G = toLinear(g);
  const B = toLinear(b);
  const x = f((0.4123908 * R + 0.3575843 * G + 0.1804808 * B) / 0.95047);
  const y = f(0.2126390 * R + 0.7151687 * G + 0.0721923 * B);
  const z = f((0.0193308 * R + 0.1191948 * G + 0.9505322 * B) / 1.08883);
  return { L: 116 * y - 16, a: 500 * (x - y), b: 200 * (y - z) };
}

function toLinear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function f(t: number): number {
  return t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116;
}
