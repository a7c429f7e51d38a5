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
