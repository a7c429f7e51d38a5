import sharp from "sharp";
import { decodeRaw } from "../src/server/edits/decode-raw";
import { inpaintRegion } from "../src/server/edits/inpaint-region";
const photo = await decodeRaw({ image: await sharp("tests/fixtures/living-room-phone-4032x3024.jpg").resize(1536, 1536, { fit: "inside" }).toBuffer() });
const { width, height } = photo;
const data = new Uint8Array(width * height);
const box = [0.1, 0.44, 0.25, 0.77];
for (let y = Math.round(box[1]! * height); y < Math.round(box[3]! * height); y++) data.fill(255, y * width + Math.round(box[0]! * width), y * width + Math.round(box[2]! * width));
for (let k = 0; k < 3; k++) {
  const c = process.cpuUsage(); const t = performance.now();
  const out = await inpaintRegion({ image: photo, mask: { data, width, height } });
  const u = process.cpuUsage(c);
  console.log("inpaint", (performance.now() - t).toFixed(0), "ms wall", ((u.user + u.system) / 1000).toFixed(0), "ms cpu");
  if (k === 0) await sharp(out.data, { raw: { width, height, channels: 3 } }).resize(640).png().toFile("/tmp/io/inpaint.png");
}
