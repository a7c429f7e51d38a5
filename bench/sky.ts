/**
 * Sky benchmark: the local engine's sky replacement on 1536 px exteriors, as the worker runs it.
 *
 *   npm run bench:sky [-- --rounds=N]
 *
 * The fixture exteriors (tests/support/exterior-scene.ts) are stored as an upload is (WebP, 1536 px on the
 * long side); after one warm-up round it runs N rounds (default 5) of the local engine's sky mode on each, for
 * each sky: decoding, finding the sky, the new sky and the relight, and the result's JPEG. It prints the median
 * and p95 wall and CPU time per photo, the median of finding the sky alone, and each scene's IoU with its exact mask.
 * The host is shared: the load average is printed.
 */
import os from "node:os";
import sharp from "sharp";
import { skyKinds } from "../src/config/modes/sky";
import { decodeRaw } from "../src/server/edits/decode-raw";
import { findSky } from "../src/server/edits/find-sky";
import { createLocalEngine } from "../src/server/engines/local-engine";
import { exteriorScenes, renderExterior } from "../tests/support/exterior-scene";
import { option } from "./server";

const rounds = Number(option("rounds") ?? 5);
const engine = createLocalEngine();
const photos = [];
for (const scene of exteriorScenes) {
  const rendered = await renderExterior(scene);
  const image = await sharp(rendered.photo).resize(1536, 1536, { fit: "inside" }).webp({ quality: 90 }).toBuffer();
  const meta = await sharp(image).metadata();
  photos.push({ scene, image, width: meta.width!, height: meta.height!, truth: rendered.sky });
}

const whole: number[] = [];
const cpu: number[] = [];
const finding: number[] = [];
for (let round = -1; round < rounds; round++) {
  for (const photo of photos) {
    for (const sky of skyKinds) {
      const began = performance.now();
      const cpuBefore = process.cpuUsage();
      await engine.generate({
        image: photo.image,
        width: photo.width,
        height: photo.height,
        roomType: "terrace",
        styleId: null,
        edit: { mode: "sky", sky },
        creativity: "balanced",
        seed: round + 2,
        prompt: "",
        onProgress: () => {},
        signal: new AbortController().signal,
      });
      if (round >= 0) {
        whole.push(performance.now() - began);
        const used = process.cpuUsage(cpuBefore);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    const raw = await decodeRaw({ image: photo.image });
    const began = performance.now();
    findSky({ image: raw });
    if (round >= 0) finding.push(performance.now() - began);
  }
}

const ious = [];
for (const photo of photos) {
  const found = findSky({ image: await decodeRaw({ image: photo.image }) });
  const truth = await sharp(Buffer.from(photo.truth), { raw: { width: photo.scene.width, height: photo.scene.height, channels: 1 } }).resize(photo.width, photo.height, { fit: "fill" }).extractChannel(0).raw().toBuffer();
  let both = 0;
  let either = 0;
  for (let i = 0; i < truth.length; i++) {
    const t = truth[i]! > 127;
    const m = (found?.mask.data[i] ?? 0) > 127;
    if (t && m) both++;
    if (t || m) either++;
  }
  ious.push(`${photo.scene.name} ${(both / either).toFixed(3)}`);
}

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;
console.log(`load average ${os.loadavg().map((v) => v.toFixed(2)).join(" ")}, ${os.availableParallelism()} cores`);
console.log(`sky mode, per 1536 px photo: median ${quantile(whole, 0.5).toFixed(0)} ms, p95 ${quantile(whole, 0.95).toFixed(0)} ms (${whole.length} runs)`);
console.log(`CPU time per photo (this process, libvips' threads included): median ${quantile(cpu, 0.5).toFixed(0)} ms, p95 ${quantile(cpu, 0.95).toFixed(0)} ms`);
console.log(`finding the sky alone: median ${quantile(finding, 0.5).toFixed(0)} ms`);
console.log(`IoU with the exact masks: ${ious.join(", ")}`);
