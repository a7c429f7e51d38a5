import { featherInside } from "@/server/edits/feather-inside";
import { recolorRegion } from "@/server/edits/recolor-region";
const width = 1536, height = 1152;
const image = { data: Buffer.alloc(width * height * 3), width, height, channels: 3 as const };
for (let i = 0; i < image.data.length; i++) image.data[i] = (i * 7919) % 251;
const mask = { data: new Uint8Array(width * height), width, height };
for (let y = 20; y < 700; y++) for (let x = 100; x < 1400; x++) mask.data[y * width + x] = 255;
for (let k = 0; k < 25; k++) {
  let c = process.cpuUsage(); featherInside({ mask }); let u = process.cpuUsage(c); const f = (u.user + u.system) / 1000;
  c = process.cpuUsage(); recolorRegion({ image, mask, color: "#F2E6C9" }); u = process.cpuUsage(c); const r = (u.user + u.system) / 1000;
  console.log("feather", f.toFixed(1), "recolor", r.toFixed(1));
}
