/**
 * Calibration of the structure check's threshold (STRUCTURE_THRESHOLD in src/config/generation.ts).
 *
 *   node --conditions=react-server --import tsx bench/structure-calibration.ts
 *
 * Each room photo, at the stored size (long side 1536 px), is scored against copies that keep its structure
 * (itself, a JPEG re-encode, the local engine's restyles, a recolour inside a mask scored with that mask, the
 * same area filled by the classical inpainting scored with the mask, the furniture redrawn) and copies that do not (shifted,
 * cropped and enlarged, perspective-warped, a window or door painted over, a window drawn on a wall). It prints a markdown table, the
 * point halfway between the lowest kept and the highest not-kept score, and which copies the configured
 * threshold gets wrong. The calibration is in docs/structure-check.md.
 */
import path from "node:path";
import sharp from "sharp";
import { STORED_LONG_SIDE, STRUCTURE_THRESHOLD } from "../src/config/generation";
import { createLocalEngine } from "../src/server/engines/local-engine";
import { decodeRaw } from "../src/server/edits/decode-raw";
import { drawWindow } from "../src/server/edits/draw-window";
import { inpaintRegion } from "../src/server/edits/inpaint-region";
import { redrawFurniture } from "../src/server/edits/redraw-furniture";
import { recolorRegion } from "../src/server/edits/recolor-region";
import { checkStructure } from "../src/server/edits/check-structure";
import type { RawImage, RawMask } from "../src/server/edits/types";
import { shiftRaw } from "../tests/support/shift-raw";
import { cropRaw, perspectiveRaw } from "../tests/support/warp-raw";

const root = path.resolve(import.meta.dirname, "..");
/** Boxes as shares of the width and height: left, top, right, bottom. */
type Box = [number, number, number, number];
const photos: { name: string; file: string; opening: Box; openingName: string; furniture: Box }[] = [
  { name: "living room (CC0)", file: "scripts/assets/living-room-cc0.jpg", opening: [0.31, 0.26, 0.6, 0.53], openingName: "framed picture", furniture: [0.2, 0.56, 0.73, 0.85] },
  { name: "living room (phone)", file: "tests/fixtures/living-room-phone-4032x3024.jpg", opening: [0, 0.16, 0.39, 0.48], openingName: "window", furniture: [0.1, 0.44, 0.25, 0.77] },
  { name: "kitchen (CC0)", file: "tests/fixtures/kitchen-dining-cc0-1600x900.jpg", opening: [0.77, 0, 0.91, 0.73], openingName: "window", furniture: [0.51, 0.55, 0.7, 0.82] },
  { name: "bedroom (CC0)", file: "tests/fixtures/bedroom-cc0-1600x1067.jpg", opening: [0.71, 0.08, 0.84, 0.67], openingName: "glazed door", furniture: [0.55, 0.33, 0.67, 0.64] },
];
const styles = ["scandinavian", "industrial", "boho", "glamour", "japandi", "prl-vintage", "art-deco", "tropical"];

type Variant = { label: string; kept: boolean; make: (photo: RawImage, p: (typeof photos)[number]) => Promise<{ result: RawImage; mask?: RawMask }> };

const engine = createLocalEngine();
const variants: Variant[] = [
  { label: "itself", kept: true, make: async (photo) => ({ result: photo }) },
  { label: "JPEG q70", kept: true, make: async (photo) => ({ result: await decodeRaw({ image: await encode(photo).jpeg({ quality: 70 }).toBuffer() }) }) },
  ...styles.map<Variant>((style) => ({
    label: `restyle ${style}`,
    kept: true,
    make: async (photo) => {
      const { image } = await engine.generate({
        image: await encode(photo).png({ compressionLevel: 1 }).toBuffer(),
        width: photo.width,
        height: photo.height,
        roomType: "living-room",
        styleId: style,
        edit: { mode: "restyle", styleId: style },
        creativity: "balanced",
        seed: 1,
        prompt: "",
        onProgress: () => {},
        signal: new AbortController().signal,
      });
      return { result: await decodeRaw({ image }) };
    },
  })),
  {
    label: "opening recoloured, masked",
    kept: true,
    make: async (photo, p) => {
      const mask = boxMask(photo, p.opening);
      return { result: recolorRegion({ image: photo, mask, color: "#2E5E4E" }), mask };
    },
  },
  {
    label: "furniture removed, masked",
    kept: true,
    make: async (photo, p) => {
      const mask = boxMask(photo, p.furniture);
      return { result: await inpaintRegion({ image: photo, mask }), mask };
    },
  },
  { label: "furniture redrawn", kept: true, make: async (photo) => ({ result: await redrawFurniture({ image: photo }) }) },
  { label: "furniture removed, unmasked (informative)", kept: true, make: async (photo, p) => ({ result: await inpaintRegion({ image: photo, mask: boxMask(photo, p.furniture) }) }) },
  ...[1, 2, 3, 5].flatMap((share) => [
    { label: `shifted ${share}% across`, kept: false, make: async (photo: RawImage) => ({ result: shiftRaw(photo, share / 100, 0) }) },
    { label: `shifted ${share}% down`, kept: false, make: async (photo: RawImage) => ({ result: shiftRaw(photo, 0, share / 100) }) },
  ]),
  ...[5, 10].map<Variant>((share) => ({ label: `cropped ${share}% and enlarged`, kept: false, make: async (photo) => ({ result: cropRaw(photo, share / 100) }) })),
  ...[3, 6].map<Variant>((share) => ({ label: `perspective ${share}%`, kept: false, make: async (photo) => ({ result: perspectiveRaw(photo, share / 100) }) })),
  { label: "opening painted over", kept: false, make: async (photo, p) => ({ result: await inpaintRegion({ image: photo, mask: boxMask(photo, p.opening) }) }) },
  { label: "window drawn on a wall", kept: false, make: async (photo) => ({ result: drawWindow({ image: photo }).image }) },
];

function encode(image: RawImage) {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
}

function boxMask(image: RawImage, [l, t, r, b]: Box): RawMask {
  const { width, height } = image;
  const data = new Uint8Array(width * height);
  for (let y = Math.round(t * height); y < Math.round(b * height); y++) data.fill(255, y * width + Math.round(l * width), y * width + Math.round(r * width));
  return { data, width, height };
}

const scores = new Map<string, number[]>();
for (const p of photos) {
  const source = await sharp(path.join(root, p.file)).resize(STORED_LONG_SIDE, STORED_LONG_SIDE, { fit: "inside" }).toBuffer();
  const photo = await decodeRaw({ image: source });
  for (const variant of variants) {
    const { result, mask } = await variant.make(photo, p);
    const { score } = checkStructure({ original: photo, result, mask });
    scores.set(variant.label, [...(scores.get(variant.label) ?? []), score]);
  }
}

const format = (value: number) => value.toFixed(3);
console.log(`Structure scores, photos at ${STORED_LONG_SIDE} px long side; "opening" is ${photos.map((p) => `${p.name}: ${p.openingName}`).join(", ")}\n`);
console.log(`| copy | kept? | ${photos.map((p) => p.name).join(" | ")} |`);
console.log(`|---|---|${photos.map(() => "---:").join("|")}|`);
for (const variant of variants) console.log(`| ${variant.label} | ${variant.kept ? "kept" : "not kept"} | ${scores.get(variant.label)!.map(format).join(" | ")} |`);
const informative = (label: string) => label.includes("informative");
const kept = variants.filter((v) => v.kept && !informative(v.label)).flatMap((v) => scores.get(v.label)!);
const notKept = variants.filter((v) => !v.kept && !v.label.includes("1%")).flatMap((v) => scores.get(v.label)!);
const lowestKept = Math.min(...kept);
const highestNotKept = Math.max(...notKept);
console.log(`\nLowest kept: ${format(lowestKept)}; highest not kept (1% shifts and the informative row aside): ${format(highestNotKept)}; halfway: ${format((lowestKept + highestNotKept) / 2)}`);
const misses = (kind: boolean) =>
  variants
    .filter((v) => v.kept === kind)
    .flatMap((v) => scores.get(v.label)!.flatMap((score, i) => ((kind ? score < STRUCTURE_THRESHOLD : score >= STRUCTURE_THRESHOLD) ? [`${v.label} (${photos[i]!.name}, ${format(score)})`] : [])));
console.log(`With STRUCTURE_THRESHOLD = ${STRUCTURE_THRESHOLD}: kept copies flagged: ${misses(true).join("; ") || "none"}. Copies not kept that pass: ${misses(false).join("; ") || "none"}.`);
