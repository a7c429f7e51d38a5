import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { skyKinds } from "@/config/modes/sky";
import { exteriorScenes, renderExterior } from "../../../tests/support/exterior-scene";
import { renderGarden } from "../../../tests/support/garden-scene";
import { deltaE2000, srgbToLab } from "./cielab";
import { findSky } from "./find-sky";
import { replaceSky } from "./replace-sky";
import type { RawImage } from "./types";

async function raw(bytes: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(bytes).removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

function iou(truth: Uint8Array, found: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < truth.length; i++) {
    const t = truth[i]! > 127;
    const mine = found[i]! > 127;
    if (t && mine) both++;
    if (t || mine) either++;
  }
  return both / either;
}

describe("the local sky replacement, on exteriors with exact sky masks", () => {
  it.each(exteriorScenes.map((scene) => [scene.name, scene] as const))(
    "%s: finds the sky (IoU ≥ 0.9) and relights the rest within ΔE2000 6 of the photo, for every sky",
    async (_name, scene) => {
      const rendered = await renderExterior(scene);
      const image = await raw(rendered.photo);
      const found = findSky({ image });
      expect(found).not.toBeNull();
      expect(iou(rendered.sky, found!.mask.data)).toBeGreaterThanOrEqual(0.9);

      for (const kind of skyKinds) {
        const made = replaceSky({ image, sky: found!.mask, kind, seed: 1, oldSkyMean: found!.mean, horizon: found!.bottom });
        // The rest, measured on every 13th pixel of the true (not the found) rest.
        let sum = 0;
        let n = 0;
        let skyBlue = 0;
        let skyCount = 0;
        for (let i = 0; i < rendered.sky.length; i += 13) {
          const o = i * 3;
          if (rendered.sky[i]! > 127) {
            skyBlue += made.image.data[o + 2]! - made.image.data[o]!;
            skyCount++;
            continue;
          }
          const before = srgbToLab([image.data[o]!, image.data[o + 1]!, image.data[o + 2]!]);
          const after = srgbToLab([made.image.data[o]!, made.image.data[o + 1]!, made.image.data[o + 2]!]);
          sum += deltaE2000(before, after);
          n++;
        }
        expect(sum / n, kind).toBeLessThanOrEqual(6);
        // It was relit, not left as it was.
        expect(made.relight, kind).toBeGreaterThan(0);
        // A clear or light-cloud sky is blue where the grey one was.
        if (kind !== "sunset") expect(skyBlue / skyCount, kind).toBeGreaterThan(40);
      }
    },
    60_000,
  );

  it("finds the sky of the example library's garden (drawn by scripts/library/make-garden.mts from this scene), so the sky mode works on it", async () => {
    const scene = await renderGarden({ seed: 3, width: 1536, height: 1024 });
    const found = findSky({ image: await raw(await sharp("public/library/garden.jpg").toBuffer()) });
    expect(found).not.toBeNull();
    expect(iou(scene.sky, found!.mask.data)).toBeGreaterThanOrEqual(0.9);
  });

  // The bathroom's white ceiling passes for an overcast sky by colour alone; the sky mode takes outdoor photos only.
  it.each(["living-room", "kitchen", "bedroom"])("finds no sky in an interior (%s of the example library)", async (room) => {
    const image = await raw(await sharp(`public/library/${room}.jpg`).toBuffer());
    expect(findSky({ image })).toBeNull();
  });
});

describe("the new sky along the old one's edge", () => {
  it("reaches the specks of old sky the finder left out beside it, not a grey pixel farther in or a dark leaf", () => {
    const W = 64;
    const H = 64;
    const grey = [200, 201, 206] as const;
    const data = Buffer.alloc(W * H * 3);
    const sky = new Uint8Array(W * H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const o = (y * W + x) * 3;
        const isSky = y < 32;
        sky[y * W + x] = isSky ? 1 : 0;
        data.set(isSky ? grey : [40, 90, 45], o);
      }
    }
    // Old sky left out of the mask: a speck in the sky beside the crown, and a gap between leaves 2 px below the
    // edge; a gap 20 px in, farther than any spill, and a dark leaf at the edge.
    const speck = 30 * W + 10;
    const gap = 34 * W + 20;
    const far = 52 * W + 30;
    const leaf = 32 * W + 40;
    for (const i of [speck, gap, far]) {
      sky[i] = 0;
      data.set(grey, i * 3);
    }
    const made = replaceSky({ image: { data, width: W, height: H, channels: 3 }, sky: { data: sky, width: W, height: H }, kind: "clear", seed: 1, oldSkyMean: [...grey], horizon: 32 });
    const px = (i: number) => [...made.image.data.subarray(i * 3, i * 3 + 3)];
    const blue = (i: number) => px(i)[2]! - px(i)[0]!;
    // The new sky is blue; the specks beside it take it, the far gap stays grey (relit), the leaf stays a leaf.
    expect(blue(29 * W + 10)).toBeGreaterThan(40);
    expect(blue(speck)).toBeGreaterThan(40);
    expect(blue(gap)).toBeGreaterThan(40);
    expect(Math.abs(blue(far))).toBeLessThan(20);
    expect(px(leaf)[1]!).toBeGreaterThan(px(leaf)[2]! + 20);
  });
});
