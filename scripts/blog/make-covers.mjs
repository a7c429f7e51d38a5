#!/usr/bin/env node
// Makes the blog's cover images, public/blog/covers/<name>.webp: 1200×630 (the Open Graph size), WebP, each
// under MAX_BYTES, cut and toned from the example photos in public/library (credits in
// public/library/CREDITS.md). One cover per article (translationKey), shared by both languages, so no text is
// baked in: a post's `coverAlt` says what the picture shows in the reader's language.
//
//   node scripts/blog/make-covers.mjs
//
// The output is deterministic: rerunning it without changes here rewrites the same files.

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const library = path.join(root, "public", "library");
const out = path.join(root, "public", "blog", "covers");

const WIDTH = 1200;
const HEIGHT = 630;
/** A cover is shown on the list page next to five others; past this it costs more than it adds. */
const MAX_BYTES = 120 * 1024;
/** The white seam between the panels of a composed cover. */
const GAP = 8;

/**
 * Colour grades suggesting a style's palette, so that panels of one photo read as different arrangements.
 * `modulate` is sharp's; `wash` is a flat colour laid over the photo at `alpha` (0..1) with a blend mode:
 * overlay tints the midtones and keeps light and shade, multiply darkens towards the colour.
 */
const tones = {
  photo: {},
  nordic: { modulate: { saturation: 0.8 }, wash: { colour: "#8fb0cc", alpha: 0.6, blend: "overlay" } },
  sand: { modulate: { saturation: 0.8 }, wash: { colour: "#c9a06a", alpha: 0.7, blend: "overlay" } },
  graphite: { modulate: { saturation: 0.3 }, wash: { colour: "#8d949c", alpha: 0.8, blend: "multiply" } },
  terracotta: { modulate: { saturation: 0.8 }, wash: { colour: "#c8643c", alpha: 0.6, blend: "overlay" } },
  sage: { modulate: { saturation: 0.8 }, wash: { colour: "#8fa882", alpha: 0.7, blend: "overlay" } },
  blush: { modulate: { saturation: 0.8 }, wash: { colour: "#d48a9e", alpha: 0.55, blend: "overlay" } },
  /** The same room after dark: less light, warmer. */
  evening: { modulate: { brightness: 0.5, saturation: 0.9 }, wash: { colour: "#ffa860", alpha: 0.8, blend: "multiply" } },
};

/**
 * The covers. `photo` is a file in public/library; `layout` is one of:
 * - crop: the photo cut to the cover's shape around `position` (sharp's gravity or strategy);
 * - strips: the photo cut into vertical strips, each in its own tone (one room, several palettes);
 * - pair: the same view twice side by side, in `tones[0]` and `tones[1]`;
 * - grid: the photo shrunk into a 3×2 board, one tone per tile (a comparison of variants).
 */
const covers = [
  { name: "photographing-a-room", photo: "living-room.jpg", layout: "crop", position: "centre" },
  { name: "interior-styles", photo: "office.jpg", layout: "strips", tones: ["nordic", "sand", "graphite", "terracotta"] },
  { name: "lighting", photo: "kitchen.jpg", layout: "pair", tones: ["photo", "evening"], position: "right" },
  { name: "choosing-styles", photo: "dining-room.jpg", layout: "grid", tones: ["photo", "nordic", "sand", "sage", "graphite", "blush"] },
  { name: "small-flat", photo: "kids-room.jpg", layout: "crop", position: "centre" },
  { name: "renovation-planning", photo: "bathroom.jpg", layout: "crop", position: "centre" },
  { name: "virtual-staging", photo: "bedroom.jpg", layout: "crop", position: "centre" },
  { name: "trends-2027", photo: "terrace.jpg", layout: "crop", position: "centre" },
];

/** The photo resized to `size` and graded in a tone, as a PNG buffer (lossless, so it can still be cut). */
async function toned(file, toneName, size) {
  const tone = tones[toneName];
  if (!tone) throw new Error(`Unknown tone ${toneName}`);
  let image = sharp(file).resize({ ...size, fit: "cover", position: size.position ?? "centre" }).removeAlpha();
  if (tone.modulate) image = image.modulate(tone.modulate);
  if (tone.wash) {
    const { width, height } = size;
    const alpha = Math.round(tone.wash.alpha * 255)
      .toString(16)
      .padStart(2, "0");
    const wash = await sharp({ create: { width, height, channels: 4, background: `${tone.wash.colour}${alpha}` } })
      .png()
      .toBuffer();
    image = sharp(await image.png().toBuffer()).composite([{ input: wash, blend: tone.wash.blend }]);
  }
  return image.png().toBuffer();
}

async function compose(cover) {
  const file = path.join(library, cover.photo);
  const canvas = () => sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#ffffff" } });

  if (cover.layout === "crop") {
    return sharp(await toned(file, "photo", { width: WIDTH, height: HEIGHT, position: cover.position }));
  }

  if (cover.layout === "strips") {
    // Every strip is its own slice of one full-width image, so the room stays continuous across the seams.
    const count = cover.tones.length;
    const strip = Math.floor((WIDTH - GAP * (count - 1)) / count);
    const layers = await Promise.all(
      cover.tones.map(async (tone, i) => {
        const left = i * (strip + GAP);
        const width = i === count - 1 ? WIDTH - left : strip;
        const full = await toned(file, tone, { width: WIDTH, height: HEIGHT });
        return { input: await sharp(full).extract({ left, top: 0, width, height: HEIGHT }).toBuffer(), left, top: 0 };
      }),
    );
    return sharp(await canvas().composite(layers).png().toBuffer());
  }

  if (cover.layout === "pair") {
    const width = (WIDTH - GAP) / 2;
    const layers = await Promise.all(
      cover.tones.map(async (tone, i) => ({
        input: await toned(file, tone, { width, height: HEIGHT, position: cover.position }),
        left: i * (width + GAP),
        top: 0,
      })),
    );
    return sharp(await canvas().composite(layers).png().toBuffer());
  }

  if (cover.layout === "grid") {
    const columns = 3;
    const rows = 2;
    const width = Math.floor((WIDTH - GAP * (columns - 1)) / columns);
    const height = Math.floor((HEIGHT - GAP * (rows - 1)) / rows);
    const layers = await Promise.all(
      cover.tones.map(async (tone, i) => {
        const column = i % columns;
        const row = Math.floor(i / columns);
        const left = column * (width + GAP);
        const top = row * (height + GAP);
        // The last column and row take up the pixels left by rounding, so the board fills the cover.
        const size = { width: column === columns - 1 ? WIDTH - left : width, height: row === rows - 1 ? HEIGHT - top : height };
        return { input: await toned(file, tone, size), left, top };
      }),
    );
    return sharp(await canvas().composite(layers).png().toBuffer());
  }

  throw new Error(`Unknown layout ${cover.layout}`);
}

/** The best quality that stays under MAX_BYTES. */
async function encode(image) {
  const pixels = await image.png().toBuffer();
  for (let quality = 82; quality >= 50; quality -= 4) {
    const webp = await sharp(pixels).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    if (webp.length <= MAX_BYTES) return { webp, quality };
  }
  throw new Error(`Cannot get under ${MAX_BYTES} bytes`);
}

await mkdir(out, { recursive: true });
for (const cover of covers) {
  const { webp, quality } = await encode(await compose(cover));
  const target = path.join(out, `${cover.name}.webp`);
  await writeFile(target, webp);
  console.log(`${path.relative(root, target)}  ${(webp.length / 1024).toFixed(1)} KB  (quality ${quality})`);
}
