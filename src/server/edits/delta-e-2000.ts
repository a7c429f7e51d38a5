import type { Lab } from "./types";

/**
 * CIEDE2000 colour difference (Sharma, Wu and Dalal, "The CIEDE2000 Color-Difference Formula: Implementation
 * Notes, Supplementary Test Data, and Mathematical Observations", 2005), with kL = kC = kH = 1.
 * About 1 is the smallest difference most people see side by side.
 */
export function deltaE2000({ first, second }: { first: Lab; second: Lab }): number {
  const { L: L1, a: a1, b: b1 } = first;
  const { L: L2, a: a2, b: b2 } = second;
  const C1 = Math.hypot(a1, b1);
  const C2 = Math.hypot(a2, b2);
  const meanC7 = ((C1 + C2) / 2) ** 7;
  const G = 0.5 * (1 - Math.sqrt(meanC7 / (meanC7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const h1p = hue(b1, a1p);
  const h2p = hue(b2, a2p);

  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin(radians(dhp / 2));

  const Lp = (L1 + L2) / 2;
  const Cp = (C1p + C2p) / 2;
  let hp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hp /= 2;
    else hp = h1p + h2p < 360 ? (hp + 360) / 2 : (hp - 360) / 2;
  }
  const T = 1 - 0.17 * Math.cos(radians(hp - 30)) + 0.24 * Math.cos(radians(2 * hp)) + 0.32 * Math.cos(radians(3 * hp + 6)) - 0.2 * Math.cos(radians(4 * hp - 63));
  const dTheta = 30 * Math.exp(-(((hp - 275) / 25) ** 2));
  const Cp7 = Cp ** 7;
  const RC = 2 * Math.sqrt(Cp7 / (Cp7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lp - 50) ** 2) / Math.sqrt(20 + (Lp - 50) ** 2);
  const SC = 1 + 0.045 * Cp;
  const SH = 1 + 0.015 * Cp * T;
  const RT = -Math.sin(radians(2 * dTheta)) * RC;
  return Math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH));
}

function hue(b: number, a: number): number {
  if (a === 0 && b === 0) return 0;
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}
