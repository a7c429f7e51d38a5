/**
 * Provenance benchmark: the C2PA manifest and the watermark on 1536 px results.
 *
 *   npm run bench:provenance [-- --unmarked=1000 --rounds=20 --only=false-positives]
 *
 * 1. Time to sign a result's manifest (signResultManifest on a 1536×1024 JPEG; median and p95 of N rounds after
 *    two warm-ups), to chain a labelled copy to it, and to read and validate it with the CAI reader.
 * 2. The watermark: time to embed it (pixels only) and to read it; PSNR of each marked image; then every marked
 *    image (the library's photos, the test photos and procedural rooms, each at 1536 px with an id of its own)
 *    through each transformation, with the detection rate and the bit error rate at the template's position;
 *    then the false-positive rate on `unmarked` images nobody marked (procedural pictures of many kinds and
 *    crops of the photos at many sizes). The host is shared: the load average is printed.
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { readManifest } from "../src/server/provenance/read-manifest";
import { signDerivedManifest, signResultManifest } from "../src/server/provenance/sign-manifest";
import { embedWatermark, payloadBits, readWatermark } from "../src/server/provenance/watermark";
import { option } from "./server";

const rounds = Number(option("rounds") ?? 20);
const unmarkedCount = Number(option("unmarked") ?? 1000);
/** `false-positives`: only the last part (it takes the longest). */
const only = option("only");
const root = path.resolve(import.meta.dirname, "..");
process.env.DATA_DIR ??= path.join(os.tmpdir(), "aranzer-bench-provenance");

const stats = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! };
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
async function time(fn: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 2; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const began = performance.now();
    await fn();
    times.push(performance.now() - began);
  }
  return stats(times);
}

const photos = [
  ...readdirSync(path.join(root, "public/library")).filter((f) => f.endsWith(".jpg")).map((f) => path.join(root, "public/library", f)),
  ...["bedroom-cc0-1600x1067.jpg", "kitchen-dining-cc0-1600x900.jpg", "living-room-phone-4032x3024.jpg"].map((f) => path.join(root, "tests/fixtures", f)),
  path.join(root, "scripts/assets/living-room-cc0.jpg"),
];

let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 2 ** 32;
};
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
const colour = () => `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;

/** A picture nobody marked: gradients, shapes, stripes and noise of random sizes and colours (a room-like scene when `room`). */
async function procedural(width: number, height: number): Promise<Buffer> {
  const shapes = Array.from({ length: 3 + Math.floor(random() * 25) }, () => {
    const x = random() * width;
    const y = random() * height;
    const w = random() * width * 0.6;
    const h = random() * height * 0.6;
    return pick([
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour()}" opacity="${0.3 + random() * 0.7}"/>`,
      `<circle cx="${x}" cy="${y}" r="${w / 3}" fill="${colour()}" opacity="${0.3 + random() * 0.7}"/>`,
      `<line x1="${x}" y1="${y}" x2="${x + w}" y2="${y + h}" stroke="${colour()}" stroke-width="${1 + random() * 12}"/>`,
    ]);
  });
  const stripes = random() < 0.3 ? `<pattern id="p" width="${4 + random() * 60}" height="10" patternUnits="userSpaceOnUse"><rect width="50%" height="10" fill="${colour()}"/></pattern><rect width="100%" height="100%" fill="url(#p)" opacity="0.4"/>` : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="${random()}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${stripes}${shapes.join("")}</svg>`;
  let image = sharp(Buffer.from(svg));
  if (random() < 0.5) image = sharp(await image.png().toBuffer()).blur(0.3 + random() * 3);
  const noisy = random() < 0.6;
  const base = await image.raw().toBuffer({ resolveWithObject: true });
  if (noisy) {
    const sigma = 2 + random() * 25;
    for (let i = 0; i < base.data.length; i++) base.data[i] = Math.max(0, Math.min(255, base.data[i]! + (random() + random() + random() - 1.5) * sigma));
  }
  return sharp(base.data, { raw: base.info }).jpeg({ quality: 60 + Math.floor(random() * 35) }).toBuffer();
}

const sources = await Promise.all(photos.map((file) => sharp(readFileSync(file)).rotate().resize(1536, 1536, { fit: "inside" }).jpeg({ quality: 92 }).toBuffer()));
const rooms = await Promise.all(Array.from({ length: 12 }, () => procedural(1536, 1024)));
const originals = [...sources, ...rooms];
console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, ${os.cpus().length} cores; ${originals.length} images to mark, ${unmarkedCount} unmarked`);

if (only !== "false-positives") await markedParts();
await falsePositives();

async function markedParts() {
// 1. C2PA
const result = sources[0]!;
const facts = { proofId: "AB12CD34", ai: true, mode: "stage", styleId: "scandinavian", engine: "replicate", model: "flux-kontext-pro", originalSha256: "00".repeat(32), structure: { score: 0.9 }, createdAt: new Date() };
const meta = await sharp(result).metadata();
const sign = await time(() => signResultManifest({ image: result, facts }));
const signed = await signResultManifest({ image: result, facts });
const chain = await time(() => signDerivedManifest({ image: result, parent: signed, change: "labelled", description: "label" }));
const read = await time(() => readManifest({ image: signed }));
console.log(`\nC2PA on a ${meta.width}×${meta.height} JPEG (${Math.round(result.length / 1024)} kB, +${signed.length - result.length} bytes of manifest)`);
console.log(`| step | median | p95 |\n|---|---|---|`);
console.log(`| sign a result's manifest | ${ms(sign.median)} | ${ms(sign.p95)} |`);
console.log(`| sign a labelled copy chained to it | ${ms(chain.median)} | ${ms(chain.p95)} |`);
console.log(`| read and validate (CAI reader) | ${ms(read.median)} | ${ms(read.p95)} |`);

// 2. Watermark
const embed = await time(() => embedWatermark({ image: result, id: 1 }));
const marked: { id: number; image: Buffer }[] = [];
const psnrs: number[] = [];
for (const [i, image] of originals.entries()) {
  const id = (0x9e3779b1 * (i + 1)) >>> 0;
  const { data, width, height } = await embedWatermark({ image, id });
  const before = await sharp(image).raw().toBuffer();
  let sum = 0;
  for (let k = 0; k < before.length; k++) sum += (before[k]! - data[k]!) ** 2;
  psnrs.push(10 * Math.log10((255 * 255) / (sum / before.length)));
  marked.push({ id, image: await sharp(data, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88, mozjpeg: true }).toBuffer() });
}
const detect = await time(() => readWatermark({ image: marked[0]!.image }));
console.log(`\nWatermark: embed ${ms(embed.median)} (p95 ${ms(embed.p95)}), read ${ms(detect.median)} (p95 ${ms(detect.p95)}); PSNR min ${Math.min(...psnrs).toFixed(1)} dB, median ${stats(psnrs).median.toFixed(1)} dB`);

const transformations: [string, (image: Buffer, width: number, height: number) => Promise<Buffer>][] = [
  ["as stored (JPEG q88)", async (image) => image],
  ["JPEG re-encoded at q70", (image) => sharp(image).jpeg({ quality: 70 }).toBuffer()],
  ["resized to 50 %", (image, w) => sharp(image).resize(Math.round(w / 2)).jpeg({ quality: 85 }).toBuffer()],
  ["10 % cropped (5 % off each side)", (image, w, h) => sharp(image).extract({ left: Math.round(w * 0.025), top: Math.round(h * 0.025), width: Math.round(w * 0.95), height: Math.round(h * 0.95) }).jpeg({ quality: 85 }).toBuffer()],
  ["PNG → JPEG q80 (screenshot-like)", async (image) => sharp(await sharp(image).png().toBuffer()).jpeg({ quality: 80 }).toBuffer()],
];
console.log(`\n| transformation | detected | bit error rate at the template |\n|---|---|---|`);
for (const [name, transform] of transformations) {
  let found = 0;
  let errors = 0;
  let bitsRead = 0;
  for (const { id, image } of marked) {
    const { width = 0, height = 0 } = await sharp(image).metadata();
    const reading = await readWatermark({ image: await transform(image, width, height) });
    if (reading.found && reading.id === id) found++;
    const want = payloadBits(id);
    const bits = reading.bits;
    if (bits) {
      errors += bits.filter((b, k) => b !== want[k]).length;
      bitsRead += bits.length;
    } else {
      // The template was not found: count the reading as chance (half the bits wrong).
      errors += 24;
      bitsRead += 48;
    }
  }
  console.log(`| ${name} | ${found}/${marked.length} (${((100 * found) / marked.length).toFixed(0)} %) | ${((100 * errors) / bitsRead).toFixed(2)} % |`);
}

}

async function falsePositives() {
let falsePositives = 0;
const cropSources = await Promise.all(photos.map((file) => sharp(readFileSync(file)).rotate().toBuffer()));
for (let i = 0; i < unmarkedCount; i++) {
  let image: Buffer;
  if (i % 10 < 7) {
    image = await procedural(256 + Math.floor(random() * 1400), 256 + Math.floor(random() * 1000));
  } else {
    const photo = pick(cropSources);
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    const w = Math.max(200, Math.floor(width * (0.2 + random() * 0.8)));
    const h = Math.max(200, Math.floor(height * (0.2 + random() * 0.8)));
    const crop = sharp(photo).extract({ left: Math.floor(random() * (width - w)), top: Math.floor(random() * (height - h)), width: w, height: h });
    image = await crop.resize(Math.min(w, 1536 + Math.floor(random() * 1000))).jpeg({ quality: 60 + Math.floor(random() * 35) }).toBuffer();
  }
  if ((await readWatermark({ image })).found) falsePositives++;
}
console.log(`\nFalse positives: ${falsePositives} of ${unmarkedCount} unmarked images (70 % procedural pictures, 30 % crops of photos)`);
}
