/**
 * A garden photo made procedurally: a back yard seen from the house's terrace, with an overcast sky, tree
 * crowns over a wooden board fence, a shrub border along it, a lawn, and concrete slab paving in perspective
 * in the foreground, with sensor noise, saved as JPEG as a camera would. Deterministic: the same seed makes the
 * same photo. Its sky mask is exact (the pixels no object covers), as the exteriors' are.
 */
import sharp from "sharp";
import { hex, random, valueNoise, type Rgb } from "./exterior-scene";

export type GardenScene = { seed: number; width: number; height: number };

export async function renderGarden(scene: GardenScene): Promise<{ photo: Buffer; sky: Uint8Array; width: number; height: number }> {
  const { width: W, height: H, seed } = scene;
  const next = random(seed * 104729);
  const pixels = new Float32Array(W * H * 3);
  const sky = new Uint8Array(W * H);
  const set = (x: number, y: number, c: Rgb, isSky = false) => {
    const i = y * W + x;
    pixels[i * 3] = c[0];
    pixels[i * 3 + 1] = c[1];
    pixels[i * 3 + 2] = c[2];
    sky[i] = isSky ? 255 : 0;
  };
  const shade = (c: Rgb, f: number): Rgb => [c[0] * f, c[1] * f, c[2] * f];
  const grain = valueNoise(seed + 11, 3, 2);
  const clouds = valueNoise(seed, W / 5, 4);

  const fenceTop = Math.round(H * 0.36);
  const ground = Math.round(H * 0.56);
  // The sky: an overcast gradient with soft clouds.
  const [top, bottom] = [hex("#b4b9bf"), hex("#dcdee0")];
  for (let y = 0; y < fenceTop; y++) {
    for (let x = 0; x < W; x++) {
      const t = y / fenceTop;
      const cloud = (clouds(x, y * 1.8) - 0.5) * 20;
      set(x, y, [top[0] + (bottom[0] - top[0]) * t + cloud, top[1] + (bottom[1] - top[1]) * t + cloud, top[2] + (bottom[2] - top[2]) * t + cloud * 0.9], true);
    }
  }
  // Neighbours' tree crowns over the fence.
  for (let k = 0; k < 3; k++) {
    const cx = Math.round(W * (0.15 + k * 0.33 + (next() - 0.5) * 0.1));
    const r = Math.round(H * (0.1 + next() * 0.05));
    const cy = fenceTop - Math.round(r * 0.3);
    const edge = valueNoise(seed + 100 + k, 0.6, 3);
    for (let y = Math.max(0, cy - Math.round(r * 1.3)); y < fenceTop; y++) {
      for (let x = Math.max(0, cx - Math.round(r * 1.3)); x < Math.min(W, cx + r * 1.3); x++) {
        const angle = Math.atan2(y - cy, x - cx);
        const reach = r * (0.85 + edge(Math.cos(angle) + 2, Math.sin(angle) + 2) * 0.35);
        if (Math.hypot(x - cx, y - cy) < reach) set(x, y, shade(hex("#3f6030"), 0.55 + grain(x * 2, y * 2) * 0.7));
      }
    }
  }
  // The fence: vertical boards with dark gaps and wood grain along them, two rails.
  const board = Math.round(W / 36);
  const wood = hex("#8a6747");
  const woodGrain = valueNoise(seed + 21, 2, 2);
  for (let y = fenceTop; y < ground; y++) {
    for (let x = 0; x < W; x++) {
      const inBoard = x % board;
      const gap = inBoard < 2;
      const rail = Math.abs(y - (fenceTop + (ground - fenceTop) * 0.25)) < 5 || Math.abs(y - (fenceTop + (ground - fenceTop) * 0.8)) < 5;
      const tone = 0.8 + woodGrain(x * 3, y * 0.15) * 0.35 + ((Math.floor(x / board) * 37) % 7) * 0.015;
      set(x, y, gap ? shade(wood, 0.35) : shade(wood, rail ? tone * 0.82 : tone));
    }
  }
  // A shrub border along the fence, on the lawn's far edge.
  const border = valueNoise(seed + 5, 50, 3);
  for (let x = 0; x < W; x++) {
    const h = Math.round(H * 0.04 + border(x, 0) * H * 0.09);
    for (let y = ground - h; y < ground + Math.round(H * 0.02); y++) set(x, y, shade(hex("#3b5a2c"), 0.6 + grain(x * 1.5, y * 1.5) * 0.6));
  }
  // The lawn, and slab paving in perspective in the foreground (a camera 1.6 m up, looking level).
  const eye = Math.round(H * 0.4);
  const focal = W * 0.75;
  const lawn = hex("#5f8240");
  const slab = hex("#b3ab9f");
  const slabTone = valueNoise(seed + 31, 1, 1);
  for (let y = ground + Math.round(H * 0.02); y < H; y++) {
    const depth = (1.6 * focal) / (y - eye);
    for (let x = 0; x < W; x++) {
      const across = ((x - W / 2) * depth) / focal;
      const paved = depth < 5 && across > -1.4;
      if (!paved) {
        set(x, y, shade(lawn, 0.65 + grain(x, y * 1.5) * 0.55));
        continue;
      }
      const [u, v] = [(across + 1.4) / 0.6, depth / 0.6];
      const joint = Math.min(u - Math.floor(u), Math.ceil(u) - u) * (focal / depth) * 0.6 < 1.2 || Math.min(v - Math.floor(v), Math.ceil(v) - v) * 0.6 * ((y - eye) / depth) < 1.2;
      set(x, y, joint ? shade(slab, 0.55) : shade(slab, 0.86 + slabTone(Math.floor(u), Math.floor(v)) * 0.14 + (grain(x * 2, y * 2) - 0.5) * 0.1));
    }
  }
  const bytes = Buffer.alloc(W * H * 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(pixels[i]! + (next() - 0.5) * 6)));
  const photo = await sharp(bytes, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
  return { photo, sky, width: W, height: H };
}
