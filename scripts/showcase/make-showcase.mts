/**
 * `npm run showcase`: makes the landing page's and the public generator's examples (src/config/showcase.ts)
 * with the engine GENERATION_ENGINE names (keys from the environment, as for the server), and writes them
 * to public/showcase/ with their manifest. With the default local engine they are previews without AI; an
 * operator with an AI engine runs it once to ship real examples (6 styles × 8 photos = 48 images).
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { libraryPhotos } from "@/config/library";
import { showcaseStyleIds, showcaseWidths, type ShowcaseManifest, type ShowcaseVariant } from "@/config/showcase";
import { normalizeImage } from "@/server/images/normalize-image";
import { buildPrompt } from "@/server/engines/build-prompt";
import { getEngine } from "@/server/engines/get-engine";

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

const engine = await getEngine();
console.log(`Making the showcase with the ${engine.id} engine`);
await rm(outDir, { recursive: true, force: true });
const manifest: ShowcaseManifest = { engine: engine.id as ShowcaseManifest["engine"], photos: {} };
const largest = showcaseWidths[showcaseWidths.length - 1]!;

for (const photo of libraryPhotos) {
  await mkdir(path.join(outDir, photo.id), { recursive: true });
  const input = await normalizeImage({ data: await readFile(path.join(root, "public", photo.file)) });
  const size = { width: largest, height: Math.round((input.height * largest) / input.width) };
  manifest.photos[photo.id] = size;
  await writeVariants(photo.id, "before", input.data, size);
  for (const styleId of showcaseStyleIds) {
    const started = performance.now();
    const output = await engine.generate({
      image: input.data,
      width: input.width,
      height: input.height,
      roomType: photo.roomType,
      styleId,
      prompt: buildPrompt({ roomType: photo.roomType, styleId }),
      onProgress: () => {},
      signal: AbortSignal.timeout(300_000),
    });
    await writeVariants(photo.id, styleId, output.image, size);
    const cost = output.costUsd === undefined ? "" : `, $${output.costUsd.toFixed(3)}`;
    console.log(`  ${photo.id} / ${styleId}: ${Math.round(performance.now() - started)} ms${cost}`);
  }
}

await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`Wrote public/showcase/ and ${path.relative(root, manifestFile)}`);
