#!/usr/bin/env node
// Builds public/library/<room-type>.jpg, the example photos (one per room type).
//
//   node scripts/library/build-library.mjs [--fixtures DIR] [--renders DIR] [--render] [--only ROOM,...]
//
// - living-room, kitchen, bedroom: the CC0 photos in the --fixtures folder (see public/library/CREDITS.md).
// - dining-room, bathroom, office, terrace, kids-room: Blender renders of scripts/library/render_room.py.
//   Their raw passes (linear colour + albedo/normal/depth, ~15 MB each) live in --renders (default
//   $TMPDIR/aranzer-library-renders), never in the repository; with --render the missing ones are
//   rendered first (Blender with Cycles on the CPU, niced; a few minutes each). They are denoised and
//   tone mapped by denoise.mjs.
// Every output: long side <= 1536 px, sRGB, progressive JPEG of quality 82, no metadata.

import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { denoise, loadRender, toneMap } from "./denoise.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const out = path.join(root, "public", "library");

const { values } = parseArgs({
  options: {
    // A folder holding the three CC0 photos named below.
    fixtures: { type: "string" },
    renders: { type: "string", default: path.join(tmpdir(), "aranzer-library-renders") },
    render: { type: "boolean", default: false },
    only: { type: "string" },
    width: { type: "string", default: "1152" },
    height: { type: "string", default: "768" },
    "time-limit": { type: "string", default: "200" },
  },
});

if (!values.fixtures) {
  console.error("--fixtures DIR is required: the folder with the CC0 photos named in this script");
  process.exit(2);
}

const MAX_SIDE = 1536;
const JPEG = { quality: 82, progressive: true, mozjpeg: true, chromaSubsampling: "4:2:0" };

/** Room type -> CC0 photo in the fixtures. */
const photos = {
  "living-room": "living-room-cc0-1600x960.jpg",
  kitchen: "kitchen-dining-cc0-1600x900.jpg",
  bedroom: "bedroom-cc0-1600x1067.jpg",
};
const rendered = ["dining-room", "bathroom", "office", "terrace", "kids-room"];

const only = values.only ? new Set(values.only.split(",")) : null;
const wanted = (room) => !only || only.has(room);

function encode(image) {
  return image
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true, kernel: "lanczos3" })
    .toColourspace("srgb")
    .jpeg(JPEG); // sharp keeps no metadata unless asked (no EXIF, XMP, IPTC; no ICC: plain sRGB)
}

async function report(file) {
  const m = await sharp(file).metadata();
  console.log(`${path.relative(root, file)}: ${m.width}x${m.height}`);
}

mkdirSync(out, { recursive: true });

for (const [room, name] of Object.entries(photos)) {
  if (!wanted(room)) continue;
  const src = path.join(values.fixtures, name);
  const dst = path.join(out, `${room}.jpg`);
  await encode(sharp(src).rotate()).toFile(dst); // rotate(): apply any EXIF orientation before it is dropped
  await report(dst);
}

for (const room of rendered) {
  if (!wanted(room)) continue;
  const base = path.join(values.renders, `${room}.png`);
  if (!existsSync(`${base}.json`)) {
    const args = ["-n", "19", "blender", "-b", "-P", path.join(here, "render_room.py"), "--", room, base,
      "--width", values.width, "--height", values.height, "--time-limit", values["time-limit"]];
    if (!values.render) {
      console.error(`missing render of ${room}: run with --render, or: nice ${args.slice(2).join(" ")}`);
      process.exitCode = 1;
      continue;
    }
    mkdirSync(values.renders, { recursive: true });
    console.log(`rendering ${room} …`);
    execFileSync("nice", args, { stdio: ["ignore", "ignore", "inherit"] });
  }
  const render = loadRender(base);
  const rgb = toneMap(denoise(render), { exposure: render.meta.exposure ?? 0 });
  const dst = path.join(out, `${room}.jpg`);
  await encode(sharp(Buffer.from(rgb.buffer), { raw: { width: render.width, height: render.height, channels: 3 } })).toFile(dst);
  console.log(`  ${room}: Blender ${render.meta.blender}, ${render.width}x${render.height}, rendered in ${render.meta.seconds} s`);
  await report(dst);
}
