// Makes public/library/exterior.jpg, the example exterior: a house under an overcast sky, drawn procedurally
// (tests/support/exterior-scene.ts: walls, a pitched roof, framed windows, a door, trees, a hedge, a lawn and
// a path, with sensor noise), so it is ours to ship. Encoded as the other example photos are.
//
//   node --import tsx scripts/library/make-exterior.mts

import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { renderExterior } from "../../tests/support/exterior-scene";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const file = path.join(root, "public", "library", "exterior.jpg");

const { photo } = await renderExterior({ name: "library-exterior", seed: 8, width: 1536, height: 1024, sky: "overcast", horizon: 0.66, wall: "#d9ccb4", roof: "#4e3a32", trees: 2 });
await sharp(photo).toColourspace("srgb").jpeg({ quality: 82, progressive: true, mozjpeg: true, chromaSubsampling: "4:2:0" }).toFile(file);
const meta = await sharp(file).metadata();
console.log(`${path.relative(root, file)}: ${meta.width}x${meta.height}`);
