/**
 * Renders the style picker's pictures, public/styles/<id>.webp (240×160, WebP), by running the local engine on
 * the CC0 living room in scripts/assets (credit in scripts/assets/CREDITS.md). Rerun it after changing a look
 * in src/config/styles.ts; the output is deterministic, so unchanged styles give unchanged files.
 *
 *   node --conditions=react-server --import tsx scripts/style-thumbnails.ts
 *
 * The condition is needed: the engine starts with `import "server-only"`, whose package throws when resolved
 * without the react-server condition (plain `node --import tsx` fails with "This module cannot be imported
 * from a Client Component module"). tsx resolves the `@/` paths from tsconfig.json; run it from the repository root.
 */
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { STORED_LONG_SIDE } from "../src/config/generation";
import { styles } from "../src/config/styles";
import { createLocalEngine } from "../src/server/engines/local-engine";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "public", "styles");
const size = { width: 240, height: 160 };

// The engine gets what an upload becomes (long side 1536 px, WebP), so textures and vignettes have their real scale.
const photo = await sharp(await readFile(path.join(root, "scripts", "assets", "living-room-cc0.jpg")))
  .resize({ width: STORED_LONG_SIDE, height: STORED_LONG_SIDE, fit: "inside" })
  .webp({ quality: 90 })
  .toBuffer({ resolveWithObject: true });
const engine = createLocalEngine();
await mkdir(outDir, { recursive: true });

let bytes = 0;
for (const style of styles) {
  const { image } = await engine.generate({
    image: photo.data,
    width: photo.info.width,
    height: photo.info.height,
    roomType: "living-room",
    styleId: style.id,
    edit: { mode: "restyle", styleId: style.id },
    creativity: "balanced",
    seed: 1,
    prompt: "",
    onProgress: () => {},
    signal: AbortSignal.timeout(60_000),
  });
  const file = path.join(root, "public", style.thumbnail);
  const { size: written } = await sharp(image).resize({ ...size, fit: "cover" }).webp({ quality: 70, effort: 6 }).toFile(file);
  bytes += written;
  console.log(`${path.relative(root, file)}  ${(written / 1024).toFixed(1)} KB`);
}
console.log(`${styles.length} thumbnails, ${(bytes / 1024).toFixed(0)} KB in all`);
