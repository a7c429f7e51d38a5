import { converter, differenceCiede2000 } from "culori";
import type { Lab } from "./types";

const toLab65 = converter("lab65");
const ciede2000 = differenceCiede2000();

/** sRGB (0..255 per channel) as CIELAB under D65 (culori). */
export function srgbToLab([r, g, b]: readonly [number, number, number]): Lab {
  const { l, a, b: bb } = toLab65({ mode: "rgb", r: r / 255, g: g / 255, b: b / 255 });
  return { L: l, a, b: bb };
}

/** CIEDE2000 colour difference of two CIELAB colours (culori). */
export function deltaE2000(first: Lab, second: Lab): number {
  return ciede2000({ mode: "lab65", l: first.L, a: first.a, b: first.b }, { mode: "lab65", l: second.L, a: second.a, b: second.b });
}
