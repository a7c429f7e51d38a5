// Makes public/library/garden.jpg, the example garden: a back yard seen from its terrace under an overcast sky,
// drawn procedurally (tests/support/garden-scene.ts: slab paving in perspective, a lawn, a shrub border, a
// wooden board fence and tree crowns over it, with sensor noise), so it is ours to ship. Encoded as the other
// example photos are.
//
//   node --import tsx scripts/library/make-garden.mts

import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { renderGarden } from "../../tests/support/garden-scene";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const file = path.join(root, "public", "library", "garden.jpg");

const { photo } = await renderGarden({ seed: 3, width: 1536, height: 1024 });
await sharp(photo).toColourspace("srgb").jpeg({ quality: 82, progressive: true, mozjpeg: true, chromaSubsampling: "4:2:0" }).toFile(file);
const meta = await sharp(file).metadata();
console.log(`${path.relative(root, file)}: ${meta.width}x${meta.height}`);
