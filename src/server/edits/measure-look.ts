import "server-only";
import { srgbToLab } from "./cielab";
import { smallSrgb } from "./small-srgb";

/** Surfaces told apart by colour and texture statistics alone, without a model. */
export type MaterialKind = "wood" | "stone" | "greenery";

export type Look = {
  /** Mean CIELAB lightness, 0..100. */
  brightness: number;
  /** Standard deviation of the lightness: how far the picture's darks and lights lie apart. */
  contrast: number;
  /** Mean CIELAB b* (yellow +, blue −) of the picture: its overall colour temperature. */
  warmth: number;
  /** The materials found on at least MIN_SHARE of the picture's textured-or-plain tiles, most first. */
  materials: { kind: MaterialKind; share: number }[];
};

/** The picture is measured at this long side: its surfaces' grain is still there, its sensor noise mostly not. */
const SAMPLE_SIDE = 256;
/** Square tiles, each judged as one surface. */
const TILE = 16;
/** A material covering less than this share of the tiles is not named. */
const MIN_SHARE = 0.08;

/**
 * The look of a picture that can be measured from its pixels, without a model: its brightness, contrast and
 * warmth (CIELAB over a 256 px copy), and which material-like surfaces cover it, by simple statistics of 16 px
 * tiles: the tile's mean colour (hue and chroma in CIELAB) and its texture (the mean strength of the lightness
 * gradient and how much the gradients share one direction: the coherence of the structure tensor). Wood-like is
 * a warm brown-to-honey tile with a grain running one way; stone-like a near-neutral tile whose speckle runs every
 * way; greenery a green tile with texture. Tiles crossed by a strong edge (an object's outline) are no one
 * surface and are left out, and so are smooth tiles (plain paint, sky) for the materials.
 */
export async function measureLook({ image }: { image: Buffer }): Promise<Look> {
  const { data, info } = await smallSrgb({ image, side: SAMPLE_SIDE });
  const { width: W, height: H, channels } = info;
  const L = new Float32Array(W * H);
  const A = new Float32Array(W * H);
  const B = new Float32Array(W * H);
  let sumL = 0;
  let sumL2 = 0;
  let sumB = 0;
  for (let i = 0; i < W * H; i++) {
    const lab = srgbToLab([data[i * channels]!, data[i * channels + 1]!, data[i * channels + 2]!]);
    L[i] = lab.L;
    A[i] = lab.a;
    B[i] = lab.b;
    sumL += lab.L;
    sumL2 += lab.L * lab.L;
    sumB += lab.b;
  }
  const n = W * H;
  const brightness = sumL / n;
  const contrast = Math.sqrt(Math.max(0, sumL2 / n - brightness * brightness));

  const counts: Record<MaterialKind, number> = { wood: 0, stone: 0, greenery: 0 };
  let tiles = 0;
  for (let ty = 0; ty + TILE <= H; ty += TILE) {
    for (let tx = 0; tx + TILE <= W; tx += TILE) {
      const kind = tileKind(L, A, B, W, H, tx, ty);
      if (kind === "edge") continue;
      tiles++;
      if (kind !== "plain" && kind !== "other") counts[kind]++;
    }
  }
  const materials = (Object.entries(counts) as [MaterialKind, number][])
    .map(([kind, count]) => ({ kind, share: tiles ? count / tiles : 0 }))
    .filter((m) => m.share >= MIN_SHARE)
    .sort((a, b) => b.share - a.share);
  return { brightness, contrast, warmth: sumB / n, materials };
}

/** One tile's surface, from its mean colour and its gradients (central differences of the lightness). */
function tileKind(L: Float32Array, A: Float32Array, B: Float32Array, W: number, H: number, tx: number, ty: number): MaterialKind | "plain" | "edge" | "other" {
  let jxx = 0;
  let jyy = 0;
  let jxy = 0;
  let strongest = 0;
  let a = 0;
  let b = 0;
  let lightness = 0;
  let count = 0;
  for (let y = ty; y < ty + TILE; y++) {
    for (let x = tx; x < tx + TILE; x++) {
      const i = y * W + x;
      a += A[i]!;
      b += B[i]!;
      lightness += L[i]!;
      if (x === 0 || y === 0 || x === W - 1 || y === H - 1) continue;
      const gx = (L[i + 1]! - L[i - 1]!) / 2;
      const gy = (L[i + W]! - L[i - W]!) / 2;
      jxx += gx * gx;
      jyy += gy * gy;
      jxy += gx * gy;
      strongest = Math.max(strongest, Math.abs(gx), Math.abs(gy));
      count++;
    }
  }
  const size = TILE * TILE;
  [a, b, lightness] = [a / size, b / size, lightness / size];
  const energy = Math.sqrt((jxx + jyy) / Math.max(1, count));
  // An outline: one step of more than 18 L units between neighbours two pixels apart.
  if (strongest > 18) return "edge";
  if (energy < 0.9) return "plain";
  const coherence = Math.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy) / (jxx + jyy + 1e-6);
  const chroma = Math.hypot(a, b);
  const hue = (Math.atan2(b, a) * 180) / Math.PI;
  if (hue >= 40 && hue <= 95 && chroma >= 10 && chroma <= 60 && lightness >= 20 && lightness <= 80 && coherence >= 0.45) return "wood";
  if (chroma < 10 && lightness >= 30 && lightness <= 90 && coherence < 0.4) return "stone";
  if (hue > 100 && hue < 170 && chroma >= 12) return "greenery";
  return "other";
}
