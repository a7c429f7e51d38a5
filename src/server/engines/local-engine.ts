import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import sharp from "sharp";
import { RESULT_JPEG } from "@/config/generation";
import { modeSupport } from "@/config/modes";
import { findStyle, type Style, type StyleLook, type TextureKind } from "@/config/styles";
import { decodeMask } from "@/server/edits/decode-mask";
import { decodeRaw } from "@/server/edits/decode-raw";
import { findSky } from "@/server/edits/find-sky";
import { inpaintRegion } from "@/server/edits/inpaint-region";
import { replaceSky } from "@/server/edits/replace-sky";
import type { RawImage, RawMask } from "@/server/edits/types";
import { EngineError, type Engine, type EngineInput, type EngineOutput } from "./engine";
import { plainUpscale } from "./plain-upscale";

/**
 * The engine that needs nothing installed: a colour restyle of the photo, deterministic (same photo, style and
 * seed, same bytes). The seed picks a variation of the style's look (`vary`), so variations differ as an AI
 * engine's would, within the style. Per pixel: the style's tone curve (gamma, contrast, brightness), its colour grade (saturation,
 * warmth, a duotone between its shadow and highlight colours mixed into the photo), its texture under a
 * soft-light blend, and its vignette. It redesigns nothing, which is why the catalogue (src/config/engines.ts)
 * says it is not AI and the UI labels its results as a preview made without AI.
 */
export function createLocalEngine(): Engine {
  return {
    id: "local",
    concurrency: 2,
    generate: async (input) => {
      // The method the mode's module names for this engine (src/config/modes/).
      const support = modeSupport(input.edit.mode, "local");
      if (!support.ok || support.entry.run === "own") throw new EngineError("refused", `mode not supported: ${input.edit.mode}`);
      if (support.entry.run === "fill") {
        if (!input.edit.mask) throw new EngineError("refused", `${input.edit.mode} needs a mask`);
        return removeRegion(input, input.edit.mask);
      }
      if (support.entry.run === "sky") return newSky(input);
      return restyle(input);
    },
    upscale: plainUpscale,
  };
}

/** Removal without AI: a classical inpainting fills the brushed area from its surroundings (src/server/edits). */
async function removeRegion({ image, width, height, onProgress, signal }: EngineInput, mask: Buffer): Promise<EngineOutput> {
  signal.throwIfAborted();
  const [photo, region] = await failing(Promise.all([decodeRaw({ image, width, height }), decodeMask({ mask, width, height })]));
  onProgress(0.2);
  const filled = await inpaintRegion({ image: photo, mask: region, signal });
  const result = await failing(sharp(filled.data, { raw: { width: filled.width, height: filled.height, channels: 3 } }).jpeg(RESULT_JPEG).toBuffer());
  return { image: result };
}

/**
 * A new sky without AI: the sky brushed by the person, or found (src/server/edits/find-sky.ts), a gradient sky
 * composited into it and the rest relit by a measured amount (replace-sky.ts). A photo with no sky is refused.
 */
async function newSky({ image, width, height, edit, seed, onProgress, signal }: EngineInput): Promise<EngineOutput> {
  signal.throwIfAborted();
  const [photo, brushed] = await failing(Promise.all([decodeRaw({ image, width, height }), edit.mask ? decodeMask({ mask: edit.mask, width, height }) : null]));
  const found = brushed ? skyOfMask(photo, brushed) : findSky({ image: photo });
  if (!found) throw new EngineError("refused", "no sky in the photo");
  onProgress(0.5);
  const made = replaceSky({ image: photo, sky: found.mask, kind: edit.sky ?? "clear", seed, oldSkyMean: found.mean, horizon: found.bottom });
  return { image: await failing(sharp(made.image.data, { raw: { width: made.image.width, height: made.image.height, channels: 3 } }).jpeg(RESULT_JPEG).toBuffer()) };
}

/** The brushed mask as the sky: its mean colour and lowest row. */
function skyOfMask(photo: RawImage, mask: RawMask) {
  let count = 0;
  let bottom = 0;
  const sum = [0, 0, 0];
  for (let i = 0; i < mask.data.length; i++) {
    if (mask.data[i]! < 128) continue;
    count++;
    bottom = Math.floor(i / mask.width);
    for (let c = 0; c < 3; c++) sum[c]! += photo.data[i * 3 + c]!;
  }
  if (!count) return null;
  return { mask, mean: [sum[0]! / count, sum[1]! / count, sum[2]! / count] as [number, number, number], bottom };
}

/*
 * sharp decodes and encodes; the pixels are done here, in one pass of lookup tables and a 3×3 matrix. The same
 * look from sharp's own operations took about twice the CPU on this project's machine (libvips' gamma turns the
 * image into doubles, and composites work in float). The pass runs in bands of rows with a turn of the event
 * loop between them, because by default the worker shares the web server's process, and one image is about
 * 100 ms of JavaScript there.
 */
const BAND_ROWS = 32;

async function restyle({ image, styleId, seed, onProgress, signal }: EngineInput): Promise<EngineOutput> {
  signal.throwIfAborted();
  const style = styleId ? findStyle(styleId) : undefined;
  if (!style) throw new EngineError("refused", `Unknown style: ${styleId}`);

  const { data, info } = await failing(
    sharp(image).flatten({ background: "#ffffff" }).toColourspace("srgb").raw().toBuffer({ resolveWithObject: true }),
  );
  const { width, height } = info;
  const prepared = tables(style.id, vary(style.look, seed), width, height, seed);
  // Clamped: stores round to the nearest byte and saturate, with no branches in the loop.
  const out = new Uint8ClampedArray(width * height * 3);
  for (let top = 0; top < height; top += BAND_ROWS) {
    await nextTurn();
    signal.throwIfAborted();
    paintRows(prepared, data, out, top, Math.min(top + BAND_ROWS, height));
    onProgress((0.8 * Math.min(top + BAND_ROWS, height)) / height);
  }
  // Encoded as the worker stores results, so it is encoded once.
  const result = await failing(sharp(Buffer.from(out.buffer), { raw: { width, height, channels: 3 } }).jpeg(RESULT_JPEG).toBuffer());
  signal.throwIfAborted();
  return { image: result };
}

/** A photo sharp cannot read will not read on a retry either: fail at once. */
async function failing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new EngineError("failed", `Local restyle: ${error instanceof Error ? error.message : String(error)}`);
  }
}

type Rgb = [number, number, number];
/** Row by row m0..m8, then the offsets o0..o2. */
type ColourMatrix = [number, number, number, number, number, number, number, number, number, number, number, number];

/** Rec. 709 luma weights, applied to the sRGB values directly: a look, not colorimetry. */
const LUMA: Rgb = [0.2126, 0.7152, 0.0722];
/** Side of the texture tile; the linen's 4 px weave and the noise cells divide it, so it tiles seamlessly. */
const TILE = 256;
/** How far a texture of strength 1 moves a mid-grey channel, in 0..255 steps. */
const TEXTURE_REACH = 96;

/** Everything per style and size that the per-pixel loop needs, computed once per image. */
type Tables = {
  width: number;
  /** Where in the texture tile the photo's corner falls: the seed's, so each variation has its own weave. */
  tileX: number;
  tileY: number;
  tone: Float32Array;
  matrix: ColourMatrix;
  texture: Float32Array;
  vignette: Rgb;
  vignetteStrength: number;
  across: Float32Array;
  down: Float32Array;
};

function tables(id: Style["id"], look: StyleLook, width: number, height: number, seed: number): Tables {
  const random = mulberry32(seed ^ 0x5bd1e995);
  return {
    width,
    tileX: Math.floor(random() * TILE),
    tileY: Math.floor(random() * TILE),
    tone: toneCurve(look),
    matrix: colourMatrix(look),
    texture: texture(id, look.texture),
    vignette: rgb(look.vignette.colour),
    vignetteStrength: look.vignette.strength,
    // Squared distance from the centre in the photo's own proportions, 1 in the corners, split by axis.
    across: table(width, (x) => 2 * ((x + 0.5) / width - 0.5) ** 2),
    down: table(height, (y) => 2 * ((y + 0.5) / height - 0.5) ** 2),
  };
}

/**
 * Texture tiles by style, ready to add: made once per process (256 KB each, about 8 MB for the whole catalogue),
 * because making one takes 5–20 ms of CPU in one piece, which would hold the event loop longer than any band.
 */
const textures = new Map<string, Float32Array>();

function texture(styleId: string, { kind, strength }: StyleLook["texture"]): Float32Array {
  let tile = textures.get(styleId);
  if (!tile) {
    const pattern = textureTile(kind, hash(styleId));
    const reach = strength * TEXTURE_REACH;
    tile = table(pattern.length, (i) => pattern[i]! * reach);
    textures.set(styleId, tile);
  }
  return tile;
}

// Soft light with a grey overlay at 128 ± d adds about d · 4b(1 − b): most in the midtones, none at black or white.
const SOFT_LIGHT = table(256, (b) => 4 * (b / 255) * (1 - b / 255));

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v | 0);

/**
 * One module-level function for every image and style, not a closure per image: V8 keeps type feedback per
 * closure, and a fresh closure would run its first bands in the interpreter, several times slower.
 */
function paintRows(t: Tables, source: Buffer, target: Uint8ClampedArray, fromRow: number, toRow: number): void {
  const { width, tone, texture, across, down, vignetteStrength, tileX, tileY } = t;
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8, o0, o1, o2] = t.matrix;
  const [vr, vg, vb] = t.vignette;
  for (let y = fromRow; y < toRow; y++) {
    const tileRow = ((y + tileY) % TILE) * TILE;
    const dy = down[y]!;
    let i = y * width * 3;
    for (let x = 0; x < width; x++, i += 3) {
      const r = tone[source[i]!]!;
      const g = tone[source[i + 1]!]!;
      const b = tone[source[i + 2]!]!;
      const grain = texture[tileRow + ((x + tileX) % TILE)]!;
      const R = clamp(m0 * r + m1 * g + m2 * b + o0);
      const G = clamp(m3 * r + m4 * g + m5 * b + o1);
      const B = clamp(m6 * r + m7 * g + m8 * b + o2);
      // The vignette starts at 0.45 of the way to the corners and eases in (smoothstep on the squared distance).
      const d = (across[x]! + dy - 0.2) / 0.8;
      const v = d <= 0 ? 0 : vignetteStrength * d * d * (3 - 2 * d);
      target[i] = (R + grain * SOFT_LIGHT[R]!) * (1 - v) + vr * v;
      target[i + 1] = (G + grain * SOFT_LIGHT[G]!) * (1 - v) + vg * v;
      target[i + 2] = (B + grain * SOFT_LIGHT[B]!) * (1 - v) + vb * v;
    }
  }
}

/**
 * One variation of a style's look, picked by the seed: the light a little warmer or cooler, the accent (the
 * duotone's highlight) turned a little around the colour wheel and laid on more or less strongly, the exposure
 * and the vignette a touch different. Small enough that every variation stays the style (the styles' own
 * looks are further apart), large enough to see side by side.
 */
function vary(look: StyleLook, seed: number): StyleLook {
  const random = mulberry32(seed);
  const spread = () => 2 * random() - 1;
  return {
    ...look,
    warmth: look.warmth + 0.3 * spread(),
    palette: {
      ...look.palette,
      highlight: turnHue(look.palette.highlight, 28 * spread()),
      amount: Math.min(1, Math.max(0, look.palette.amount * (1 + 0.25 * spread()))),
    },
    brightness: look.brightness + 5 * spread(),
    vignette: { ...look.vignette, strength: Math.min(1, Math.max(0, look.vignette.strength * (1 + 0.4 * spread()))) },
  };
}

/** The colour turned by `degrees` around the grey axis (a hue rotation keeping its luma roughly), as #rrggbb. */
function turnHue(hex: string, degrees: number): string {
  const [r, g, b] = rgb(hex);
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // The usual luma-preserving hue-rotate matrix (as CSS filter: hue-rotate()).
  const R = r * (0.213 + cos * 0.787 - sin * 0.213) + g * (0.715 - cos * 0.715 - sin * 0.715) + b * (0.072 - cos * 0.072 + sin * 0.928);
  const G = r * (0.213 - cos * 0.213 + sin * 0.143) + g * (0.715 + cos * 0.285 + sin * 0.14) + b * (0.072 - cos * 0.072 - sin * 0.283);
  const B = r * (0.213 - cos * 0.213 - sin * 0.787) + g * (0.715 - cos * 0.715 + sin * 0.715) + b * (0.072 + cos * 0.928 + sin * 0.072);
  return `#${[R, G, B].map((c) => clamp(Math.round(c)).toString(16).padStart(2, "0")).join("")}`;
}

/** Gamma on the midtones, then contrast around mid-grey and brightness: one table for all three channels. */
function toneCurve({ gamma, contrast, brightness }: StyleLook): Float32Array {
  return table(256, (i) => ((i / 255) ** gamma - 0.5) * contrast * 255 + 127.5 + brightness);
}

/**
 * The colour part of the look as a 3×3 matrix plus an offset per channel: a mix of the photo's colours
 * (saturation, then warmth as per-channel gains) and the duotone, whose colour is an affine function of luma.
 */
function colourMatrix(look: StyleLook): ColourMatrix {
  const { saturation, warmth, palette } = look;
  const shadow = rgb(palette.shadow);
  const highlight = rgb(palette.highlight);
  const gains: Rgb = [1 + 0.12 * warmth, 1 + 0.02 * warmth, 1 - 0.12 * warmth];
  const matrix = [0, 1, 2].flatMap((row) =>
    LUMA.map((weight, column) => {
      const own = gains[row]! * (saturation * (row === column ? 1 : 0) + (1 - saturation) * weight);
      const duotone = ((highlight[row]! - shadow[row]!) / 255) * weight;
      return (1 - palette.amount) * own + palette.amount * duotone;
    }),
  );
  return [...matrix, ...shadow.map((c) => palette.amount * c)] as ColourMatrix;
}

/** The style's texture, values of roughly -1..1 row by row; seeded by the style, so always the same. */
function textureTile(kind: TextureKind, seed: number): Float32Array {
  const random = mulberry32(seed);
  const noise = () => (random() + random() + random() - 1.5) / 1.5;
  switch (kind) {
    // Film grain: fine, per pixel.
    case "grain":
      return table(TILE * TILE, () => 1.6 * noise());
    // Threads every 4 px both ways, each row and column a little thicker or thinner (slubs), plus fibres.
    case "linen": {
      const rows = table(TILE, () => 0.5 + 0.5 * random());
      const columns = table(TILE, () => 0.5 + 0.5 * random());
      return table(TILE * TILE, (i) => {
        const x = i % TILE;
        const y = (i - x) / TILE;
        return 0.55 * Math.cos((Math.PI / 2) * x) * rows[y]! + 0.55 * Math.cos((Math.PI / 2) * y) * columns[x]! + 0.5 * noise();
      });
    }
    // Soft blotches of about 32 px with fibres.
    case "paper":
      return add(valueNoise(32, random), 0.8, valueNoise(4, random), 0.35, noise);
    // Large trowel-like patches with a finer mottling.
    case "plaster":
      return add(valueNoise(64, random), 0.9, valueNoise(16, random), 0.45, noise);
  }
}

function add(coarse: Float32Array, coarseWeight: number, fine: Float32Array, fineWeight: number, noise: () => number): Float32Array {
  return table(coarse.length, (i) => coarseWeight * coarse[i]! + fineWeight * fine[i]! + 0.2 * noise());
}

/** Smoothly interpolated random values (-1..1) on a lattice of `cell` px that wraps around the tile. */
function valueNoise(cell: number, random: () => number): Float32Array {
  const n = TILE / cell;
  const lattice = table(n * n, () => random() * 2 - 1);
  const at = (i: number, j: number) => lattice[(j % n) * n + (i % n)]!;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  return table(TILE * TILE, (index) => {
    const x = index % TILE;
    const y = (index - x) / TILE;
    const i = Math.floor(x / cell);
    const j = Math.floor(y / cell);
    const tx = smooth((x % cell) / cell);
    const ty = smooth((y % cell) / cell);
    const top = at(i, j) + (at(i + 1, j) - at(i, j)) * tx;
    const bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * tx;
    return top + (bottom - top) * ty;
  });
}

/** Float32Array.from with a callback walks its source generically, about 20× slower than this loop. */
function table(length: number, value: (index: number) => number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = value(i);
  return out;
}

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** FNV-1a of the style's id: the seed of its texture. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A small seeded PRNG (mulberry32), so textures need no Math.random. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
