// Denoiser and tone mapper for the library renders (Debian's Blender has no OpenImageDenoise).
//
// Input: the raw float32 RGBA passes that scripts/library/render_room.py writes next to its PNG
// (`<out>.color.f32`, `.albedo.f32`, `.normal.f32`, `.depth.f32`, bottom row first) and `<out>.json`.
// Method: the colour is divided by the albedo (so textures are not blurred), the resulting irradiance
// is smoothed by an edge-avoiding à-trous wavelet filter (5 passes of a 5×5 B3 kernel with growing
// holes, stopped at changes of normal, depth, albedo and, more and more strictly, of brightness), then
// multiplied by the albedo again and tone mapped (exposure, ACES filmic curve, sRGB).

import { readFileSync } from "node:fs";

const KERNEL = [1 / 16, 1 / 4, 3 / 8, 1 / 4, 1 / 16];

/** Reads a pass as w*h*3 floats (RGB, top row first). */
function readPass(file, width, height) {
  const buf = readFileSync(file);
  const rgba = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  if (rgba.length !== width * height * 4) throw new Error(`${file}: expected ${width}x${height} RGBA floats`);
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const src = (height - 1 - y) * width * 4;
    const dst = y * width * 3;
    for (let x = 0; x < width; x++) {
      out[dst + x * 3] = rgba[src + x * 4];
      out[dst + x * 3 + 1] = rgba[src + x * 4 + 1];
      out[dst + x * 3 + 2] = rgba[src + x * 4 + 2];
    }
  }
  return out;
}

export function loadRender(base) {
  const meta = JSON.parse(readFileSync(`${base}.json`, "utf8"));
  const { width, height } = meta;
  return {
    meta,
    width,
    height,
    color: readPass(`${base}.color.f32`, width, height),
    albedo: readPass(`${base}.albedo.f32`, width, height),
    normal: readPass(`${base}.normal.f32`, width, height),
    depth: readPass(`${base}.depth.f32`, width, height),
  };
}

const lum = (r, g, b) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Returns denoised linear RGB (w*h*3). */
export function denoise({ width: w, height: h, color, albedo, normal, depth }, options = {}) {
  const n = w * h;
  const sigmaL = options.sigmaL ?? [2.0, 1.3, 0.9, 0.7, 0.55];
  const sigmaA = options.sigmaA ?? 0.12;
  const normalPower = options.normalPower ?? 64;
  const fireflyRatio = options.fireflyRatio ?? 4;

  // demodulate: irradiance = colour / albedo where the albedo is meaningful
  const alb = new Float32Array(n * 3);
  let irr = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const demod = Math.max(albedo[i * 3], albedo[i * 3 + 1], albedo[i * 3 + 2]) > 0.01;
    for (let c = 0; c < 3; c++) {
      const a = demod ? Math.max(albedo[i * 3 + c], 0.01) : 1;
      alb[i * 3 + c] = a;
      irr[i * 3 + c] = Math.max(0, color[i * 3 + c]) / a;
    }
  }

  // depth: background (huge or zero) becomes a large constant; gradient for the depth test
  const z = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const d = depth[i * 3];
    z[i] = d > 0 && d < 1e4 ? d : 1e4;
  }
  const gz = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const dx = Math.abs(z[y * w + Math.min(w - 1, x + 1)] - z[y * w + Math.max(0, x - 1)]) / 2;
      const dy = Math.abs(z[Math.min(h - 1, y + 1) * w + x] - z[Math.max(0, y - 1) * w + x]) / 2;
      gz[i] = Math.min(Math.max(dx, dy), 0.2 * z[i]);
    }
  }

  // fireflies: a pixel far brighter than the mean of its 8 neighbours is pulled down to that bound
  {
    const src = irr.slice();
    for (let y = 1; y < h - 1; y++) {
      for (let x = 1; x < w - 1; x++) {
        const i = y * w + x;
        let m = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            if (dx || dy) {
              const j = (i + dy * w + dx) * 3;
              m += lum(src[j], src[j + 1], src[j + 2]);
            }
          }
        }
        m /= 8;
        const l = lum(src[i * 3], src[i * 3 + 1], src[i * 3 + 2]);
        const bound = fireflyRatio * m + 0.02;
        if (l > bound) {
          const k = bound / l;
          irr[i * 3] *= k;
          irr[i * 3 + 1] *= k;
          irr[i * 3 + 2] *= k;
        }
      }
    }
  }

  const logL = new Float32Array(n);
  let out = new Float32Array(n * 3);
  for (let pass = 0; pass < sigmaL.length; pass++) {
    const step = 1 << pass;
    for (let i = 0; i < n; i++) logL[i] = Math.log(lum(irr[i * 3], irr[i * 3 + 1], irr[i * 3 + 2]) + 1e-3);
    const invSL = 1 / sigmaL[pass];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const p = y * w + x;
        const np0 = normal[p * 3], np1 = normal[p * 3 + 1], np2 = normal[p * 3 + 2];
        const ap0 = alb[p * 3], ap1 = alb[p * 3 + 1], ap2 = alb[p * 3 + 2];
        const zp = z[p], gp = gz[p] * step + 1e-3 * zp, lp = logL[p];
        let s0 = 0, s1 = 0, s2 = 0, ws = 0;
        for (let j = -2; j <= 2; j++) {
          const yy = y + j * step;
          if (yy < 0 || yy >= h) continue;
          const kj = KERNEL[j + 2];
          for (let i = -2; i <= 2; i++) {
            const xx = x + i * step;
            if (xx < 0 || xx >= w) continue;
            const q = yy * w + xx;
            let wgt = kj * KERNEL[i + 2];
            if (q !== p) {
              let dn = np0 * normal[q * 3] + np1 * normal[q * 3 + 1] + np2 * normal[q * 3 + 2];
              if (dn <= 0) continue;
              for (let k = normalPower; k > 1; k >>= 1) dn *= dn;
              const dz = Math.abs(zp - z[q]) / (gp * Math.hypot(i, j));
              const da0 = ap0 - alb[q * 3], da1 = ap1 - alb[q * 3 + 1], da2 = ap2 - alb[q * 3 + 2];
              const da = (da0 * da0 + da1 * da1 + da2 * da2) / (sigmaA * sigmaA);
              const dl = Math.abs(lp - logL[q]) * invSL;
              wgt *= dn * Math.exp(-dz - da - dl);
            }
            s0 += wgt * irr[q * 3];
            s1 += wgt * irr[q * 3 + 1];
            s2 += wgt * irr[q * 3 + 2];
            ws += wgt;
          }
        }
        out[p * 3] = s0 / ws;
        out[p * 3 + 1] = s1 / ws;
        out[p * 3 + 2] = s2 / ws;
      }
    }
    [irr, out] = [out, irr];
  }

  // a last, relaxed 3x3 pass (no brightness test, loose normal/albedo tests) evens out the pixels that
  // the strict passes left alone: silhouettes, where the few samples also left jagged anti-aliasing
  if (options.finalPass !== false) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const p = y * w + x;
        let s0 = 0, s1 = 0, s2 = 0, ws = 0;
        for (let j = -1; j <= 1; j++) {
          const yy = y + j;
          if (yy < 0 || yy >= h) continue;
          for (let i = -1; i <= 1; i++) {
            const xx = x + i;
            if (xx < 0 || xx >= w) continue;
            const q = yy * w + xx;
            let wgt = (i ? 0.5 : 1) * (j ? 0.5 : 1);
            if (q !== p) {
              const dn = Math.max(0, normal[p * 3] * normal[q * 3] + normal[p * 3 + 1] * normal[q * 3 + 1] + normal[p * 3 + 2] * normal[q * 3 + 2]);
              const dz = Math.abs(z[p] - z[q]) / (0.05 * z[p]);
              wgt *= dn * dn * Math.exp(-dz);
            }
            s0 += wgt * irr[q * 3] * alb[q * 3];
            s1 += wgt * irr[q * 3 + 1] * alb[q * 3 + 1];
            s2 += wgt * irr[q * 3 + 2] * alb[q * 3 + 2];
            ws += wgt;
          }
        }
        out[p * 3] = s0 / ws;
        out[p * 3 + 1] = s1 / ws;
        out[p * 3 + 2] = s2 / ws;
      }
    }
    return out;
  }

  const result = new Float32Array(n * 3);
  for (let i = 0; i < n * 3; i++) result[i] = irr[i] * alb[i];
  return result;
}

/** Exposure (stops), ACES filmic fit (Narkowicz 2015), sRGB encoding -> 8-bit RGB. */
export function toneMap(linear, { exposure = 0, saturation = 1.0 } = {}) {
  const gain = 0.6 * 2 ** exposure;
  const out = new Uint8Array(linear.length);
  for (let i = 0; i < linear.length; i += 3) {
    let r = linear[i] * gain, g = linear[i + 1] * gain, b = linear[i + 2] * gain;
    if (saturation !== 1) {
      const l = lum(r, g, b);
      r = l + (r - l) * saturation;
      g = l + (g - l) * saturation;
      b = l + (b - l) * saturation;
    }
    const v = [r, g, b];
    for (let c = 0; c < 3; c++) {
      const x = Math.max(0, v[c]);
      const t = Math.min(1, (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14));
      const s = t <= 0.0031308 ? 12.92 * t : 1.055 * t ** (1 / 2.4) - 0.055;
      out[i + c] = Math.round(Math.min(1, Math.max(0, s)) * 255);
    }
  }
  return out;
}
