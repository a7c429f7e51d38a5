/**
 * `npm run showcase`: makes the landing page's and the public generator's examples (src/config/showcase.ts)
 * with the engine GENERATION_ENGINE names (keys from the environment, as for the server), and writes them
 * to public/showcase/ with their manifest. With the default local engine they are previews without AI; an
 * operator with an AI engine runs it once to ship real examples (6 styles × 8 photos = 48 images). It says
 * what the run will cost before it starts (Replicate's price of REPLICATE_MODEL per image; OpenAI's estimate at
 * its quality), shows its progress, and is resumable: an example whose files are already there is not made
 * again (`-- --fresh` starts over).
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { roomFits } from "@/config/edit-modes";
import { libraryPhotos } from "@/config/library";
import { showcaseStyleIds, showcaseWidths, type ShowcaseManifest, type ShowcaseVariant } from "@/config/showcase";
import { normalizeImage } from "@/server/images/normalize-image";
import { buildPrompt } from "@/server/engines/build-prompt";
import { getEngine } from "@/server/engines/get-engine";
import { env } from "@/env";
import { replicateModels } from "@/config/engines";
import { existsSync } from "node:fs";

const root = process.cwd();
const outDir = path.join(root, "public/showcase");
const manifestFile = path.join(root, "src/config/showcase.generated.json");
/** Lower than results' quality: these are page images, sent to every visitor. */
const WEBP = { quality: 72, effort: 6 } as const;

async function writeVariants(photoId: string, variant: ShowcaseVariant, image: Buffer, size: { width: number; height: number }) {
  for (const width of showcaseWidths) {
    const height = Math.round((size.height * width) / size.width);
    // `cover`: an engine may answer in its own aspect ratio; the slider needs both images the same shape.
    const bytes = await sharp(image).resize(width, height, { fit: "cover" }).webp(WEBP).toBuffer();
    await writeFile(path.join(outDir, photoId, `${variant}-${width}.webp`), bytes);
  }
}

/** USD per image as docs/engines.md gives them; null where it is not known before the images are made. */
function pricePerImage(engineId: string): number | null {
  if (engineId === "local" || engineId === "fake") return 0;
  if (engineId === "replicate") return replicateModels[env().REPLICATE_MODEL].priceUsd;
  if (engineId === "openai") return { low: 0.02, medium: 0.05, high: 0.2 }[env().OPENAI_IMAGE_QUALITY];
  return null;
}

const engine = await getEngine();
// The examples are restyles: of the rooms, not of the exterior.
const photos = libraryPhotos.filter((photo) => roomFits("restyle", photo.roomType));
const total = photos.length * showcaseStyleIds.length;
const done = (photoId: string, variant: string) => existsSync(path.join(outDir, photoId, `${variant}-${showcaseWidths[showcaseWidths.length - 1]}.webp`));
// Examples of another engine are not mixed with this one's.
const previous = JSON.parse(await readFile(manifestFile, "utf8").catch(() => "{}")) as Partial<ShowcaseManifest>;
if (process.argv.includes("--fresh") || previous.engine !== engine.id) await rm(outDir, { recursive: true, force: true });
const left = photos.reduce((sum, photo) => sum + showcaseStyleIds.filter((styleId) => !done(photo.id, styleId)).length, 0);
const price = pricePerImage(engine.id);
console.log(
  `Making the showcase with the ${engine.id} engine: ${left} of ${total} images left to make, ` +
    (price === null ? "at your own GPU's cost" : `about $${(left * price).toFixed(2)} at $${price} per image`) +
    (left < total ? " (the rest is already made; -- --fresh starts over)" : ""),
);
let made = 0;
const progress = () => {
  const width = 30;
  const filled = left ? Math.round((made / left) * width) : width;
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${made}/${left}`;
};
const manifest: ShowcaseManifest = { engine: engine.id as ShowcaseManifest["engine"], photos: {} };
const largest = showcaseWidths[showcaseWidths.length - 1]!;

for (const photo of photos) {
  await mkdir(path.join(outDir, photo.id), { recursive: true });
  const input = await normalizeImage({ data: await readFile(path.join(root, "public", photo.file)) });
  const size = { width: largest, height: Math.round((input.height * largest) / input.width) };
  manifest.photos[photo.id] = size;
  await writeVariants(photo.id, "before", input.data, size);
  for (const styleId of showcaseStyleIds) {
    if (done(photo.id, styleId)) continue;
    const started = performance.now();
    const output = await engine.generate({
      image: input.data,
      width: input.width,
      height: input.height,
      roomType: photo.roomType,
      styleId,
      edit: { mode: "restyle", styleId },
      creativity: "balanced",
      seed: 0,
      prompt: buildPrompt({ roomType: photo.roomType, styleId }),
      onProgress: () => {},
      signal: AbortSignal.timeout(300_000),
    });
    await writeVariants(photo.id, styleId, output.image, size);
    const cost = output.costUsd === undefined ? "" : `, $${output.costUsd.toFixed(3)}`;
    made++;
    console.log(`${progress()} ${photo.id} / ${styleId}: ${Math.round(performance.now() - started)} ms${cost}`);
  }
}

await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Wrote public/showcase/ and ${path.relative(root, manifestFile)}`);
