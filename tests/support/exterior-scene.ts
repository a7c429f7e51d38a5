/**
 * Exterior photos made procedurally, with the exact mask of their sky: a house (walls, a pitched roof with a
 * chimney, framed windows, a door), a tree or two, a hedge line, a lawn and a path, under an overcast or
 * blown-out sky with soft clouds, with sensor noise, saved as JPEG as a camera would. The sky mask is the set of
 * pixels no object covers, so it is exact to the pixel. Deterministic: the same seed makes the same photo.
 */
import sharp from "sharp";

export type ExteriorScene = {
  name: string;
  seed: number;
  width: number;
  height: number;
  sky: "overcast" | "blown-out" | "hazy-blue";
  /** The ground line, as a fraction of the height. */
  horizon: number;
  wall: string;
  roof: string;
  trees: number;
};

/** The fixture set: the local sky replacement is measured on these (IoU of the found sky, ΔE of the rest). */
export const exteriorScenes: ExteriorScene[] = [
  { name: "overcast-beige-house", seed: 1, width: 1536, height: 1024, sky: "overcast", horizon: 0.64, wall: "#d8c7a6", roof: "#5a3b30", trees: 1 },
  { name: "blown-out-white-house", seed: 2, width: 1536, height: 1024, sky: "blown-out", horizon: 0.68, wall: "#e9e6df", roof: "#39393d", trees: 2 },
  { name: "overcast-brick-house", seed: 3, width: 1536, height: 1024, sky: "overcast", horizon: 0.6, wall: "#9c5a42", roof: "#3d3f44", trees: 1 },
  { name: "hazy-grey-house", seed: 4, width: 1536, height: 1024, sky: "hazy-blue", horizon: 0.66, wall: "#a9adb0", roof: "#6b3a2c", trees: 0 },
  { name: "overcast-portrait", seed: 5, width: 1024, height: 1536, sky: "overcast", horizon: 0.62, wall: "#c9b48e", roof: "#4a3328", trees: 1 },
  { name: "blown-out-wide-garden", seed: 6, width: 1536, height: 864, sky: "blown-out", horizon: 0.72, wall: "#b7a58c", roof: "#2f3034", trees: 3 },
];

export type Rgb = [number, number, number];

export function hex(value: string): Rgb {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Smooth value noise, 0..1, on a lattice of `cell` pixels, summed over `octaves`. */
export function valueNoise(seed: number, cell: number, octaves: number): (x: number, y: number) => number {
  const next = random(seed);
  const size = 257;
  const lattice = Float32Array.from({ length: size * size }, () => next());
  const at = (ix: number, iy: number) => lattice[(((iy % size) + size) % size) * size + (((ix % size) + size) % size)]!;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const one = (x: number, y: number) => {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    const fx = smooth(x - ix);
    const fy = smooth(y - iy);
    const top = at(ix, iy) + (at(ix + 1, iy) - at(ix, iy)) * fx;
    const bottom = at(ix, iy + 1) + (at(ix + 1, iy + 1) - at(ix, iy + 1)) * fx;
    return top + (bottom - top) * fy;
  };
  return (x, y) => {
    let sum = 0;
    let weight = 0;
    for (let o = 0; o < octaves; o++) {
      const scale = 2 ** o;
      sum += one((x * scale) / cell, (y * scale) / cell) / scale;
      weight += 1 / scale;
    }
    return sum / weight;
  };
}

/** The scene's photo (JPEG, as a camera saves it) and its exact sky mask (one channel, 255 = sky). */
export async function renderExterior(scene: ExteriorScene): Promise<{ photo: Buffer; sky: Uint8Array; width: number; height: number }> {
  const { width: W, height: H } = scene;
  const next = random(scene.seed * 7919);
  const pixels = new Float32Array(W * H * 3);
  const sky = new Uint8Array(W * H).fill(255);
  const ground = Math.round(H * scene.horizon);
  const clouds = valueNoise(scene.seed, W / 5, 4);
  const grain = valueNoise(scene.seed + 11, 3, 2);

  const set = (x: number, y: number, c: Rgb, isSky = false) => {
    const i = y * W + x;
    pixels[i * 3] = c[0];
    pixels[i * 3 + 1] = c[1];
    pixels[i * 3 + 2] = c[2];
    sky[i] = isSky ? 255 : 0;
  };
  const shade = (c: Rgb, f: number): Rgb => [c[0] * f, c[1] * f, c[2] * f];

  // The sky: a vertical gradient with soft clouds of low contrast.
  const [top, bottom, amp] =
    scene.sky === "overcast" ? [hex("#b9bcc0"), hex("#dfe0e1"), 22] : scene.sky === "blown-out" ? [hex("#eef0f2"), hex("#fbfbfb"), 6] : [hex("#aebccb"), hex("#d5dbe0"), 14];
  for (let y = 0; y < ground; y++) {
    const t = y / ground;
    for (let x = 0; x < W; x++) {
      const cloud = (clouds(x, y * 1.8) - 0.5) * amp;
      set(x, y, [top[0] + (bottom[0] - top[0]) * t + cloud, top[1] + (bottom[1] - top[1]) * t + cloud, top[2] + (bottom[2] - top[2]) * t + cloud * 0.9], true);
    }
  }
  // Distant hedges and trees along the ground line, with an irregular top.
  const hedge = valueNoise(scene.seed + 3, 40, 3);
  for (let x = 0; x < W; x++) {
    const h = Math.round(H * 0.03 + hedge(x, 0) * H * 0.07);
    for (let y = ground - h; y < ground; y++) set(x, y, shade(hex("#3d5a35"), 0.75 + grain(x, y) * 0.4));
  }
  // Lawn and a path.
  for (let y = ground; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const onPath = Math.abs(x - W * 0.5 - (y - ground) * 0.35) < (y - ground) * 0.4 + W * 0.02;
      set(x, y, onPath ? shade(hex("#a39a8c"), 0.85 + grain(x, y) * 0.3) : shade(hex("#5d7f3e"), 0.7 + grain(x, y) * 0.5));
    }
  }
  // The house: walls, a pitched roof with eaves and a chimney, windows with frames, a door.
  const houseW = Math.round(W * (0.36 + next() * 0.1));
  const houseX = Math.round(W * 0.5 - houseW / 2 + (next() - 0.5) * W * 0.1);
  const wallTop = Math.round(ground - H * (0.26 + next() * 0.06));
  const wallBottom = ground + Math.round(H * 0.04);
  const ridge = wallTop - Math.round(H * (0.14 + next() * 0.06));
  const eave = Math.round(W * 0.02);
  const wall = hex(scene.wall);
  const roof = hex(scene.roof);
  for (let y = wallTop; y < wallBottom; y++) for (let x = houseX; x < houseX + houseW; x++) set(x, y, shade(wall, 0.92 + grain(x, y) * 0.12));
  const chimney = { x: houseX + Math.round(houseW * 0.68), w: Math.round(W * 0.025), top: ridge + Math.round((wallTop - ridge) * 0.1) };
  for (let y = chimney.top; y < wallTop; y++) for (let x = chimney.x; x < chimney.x + chimney.w; x++) set(x, y, shade(hex("#7a4a3a"), 0.85 + grain(x, y) * 0.2));
  for (let y = ridge; y < wallTop + 4; y++) {
    const t = (y - ridge) / (wallTop - ridge);
    const half = (houseW / 2 + eave) * Math.min(1, t);
    const cx = houseX + houseW / 2;
    for (let x = Math.max(0, Math.round(cx - half)); x < Math.min(W, Math.round(cx + half)); x++) set(x, y, shade(roof, 0.8 + grain(x, y * 3) * 0.35 + (y % 14 < 2 ? -0.15 : 0)));
  }
  const windows = 3;
  for (let k = 0; k < windows; k++) {
    const ww = Math.round(houseW * 0.14);
    const wh = Math.round((wallBottom - wallTop) * 0.32);
    const wx = houseX + Math.round(((k + 0.5) * houseW) / windows - ww / 2);
    const wy = wallTop + Math.round((wallBottom - wallTop) * 0.18);
    if (k === 1) {
      for (let y = wy + wh; y < wallBottom; y++) for (let x = wx; x < wx + ww; x++) set(x, y, shade(hex("#4b3427"), 0.9 + grain(x, y) * 0.2));
      continue;
    }
    for (let y = wy; y < wy + wh; y++) {
      for (let x = wx; x < wx + ww; x++) {
        const frame = x - wx < 5 || wx + ww - x <= 5 || y - wy < 5 || wy + wh - y <= 5 || Math.abs(x - wx - ww / 2) < 2;
        set(x, y, frame ? hex("#f2f2f0") : shade(hex("#3a4650"), 0.8 + (y - wy) / wh / 2));
      }
    }
  }
  // Trees: a trunk and a crown whose edge wanders with the angle.
  for (let k = 0; k < scene.trees; k++) {
    const cx = Math.round(k % 2 === 0 ? W * (0.08 + next() * 0.14) : W * (0.78 + next() * 0.14));
    const r = Math.round(H * (0.12 + next() * 0.06));
    const cy = ground - Math.round(H * 0.12) - r;
    const edge = valueNoise(scene.seed + 100 + k, 0.6, 3);
    for (let y = cy; y < ground + 8; y++) for (let x = cx - 8; x < cx + 8; x++) if (x >= 0 && x < W) set(x, y, shade(hex("#4a3a2c"), 0.9));
    for (let y = Math.max(0, cy - r * 1.3); y < Math.min(H, cy + r * 1.3); y++) {
      for (let x = Math.max(0, cx - r * 1.3); x < Math.min(W, cx + r * 1.3); x++) {
        const angle = Math.atan2(y - cy, x - cx);
        const reach = r * (0.85 + edge(Math.cos(angle) + 2, Math.sin(angle) + 2) * 0.35);
        if (Math.hypot(x - cx, y - cy) < reach) set(Math.round(x), Math.round(y), shade(hex("#355a2b"), 0.6 + grain(x * 2, y * 2) * 0.7));
      }
    }
  }
  // Sensor noise, then the camera's JPEG.
  const bytes = Buffer.alloc(W * H * 3);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.max(0, Math.min(255, Math.round(pixels[i]! + (next() - 0.5) * 6)));
  const photo = await sharp(bytes, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
  return { photo, sky, width: W, height: H };
}
