import sharp from "sharp";
import { deltaE2000 } from "@/server/edits/delta-e-2000";
import { srgbToLab } from "@/server/edits/srgb-to-lab";

/**
 * How far apart a set of images are in colour: the mean CIEDE2000 difference over every pair of their mean
 * colours (sRGB mean per channel, taken to CIELAB). 0 for one image or identical ones; about 1 is the smallest
 * difference people see side by side. A listing whose rooms look like one flat scores low.
 * No "server-only" here: the end-to-end tests measure downloaded results with it.
 */
export async function paletteSpread({ images }: { images: readonly Buffer[] }): Promise<number> {
  const colours = await Promise.all(
    images.map(async (bytes) => {
      const { channels } = await sharp(bytes).removeAlpha().toColourspace("srgb").stats();
      return srgbToLab({ rgb: [channels[0]!.mean, channels[1]!.mean, channels[2]!.mean] });
    }),
  );
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < colours.length; i++) {
    for (let j = i + 1; j < colours.length; j++) {
      sum += deltaE2000({ first: colours[i]!, second: colours[j]! });
      pairs++;
    }
  }
  return pairs ? sum / pairs : 0;
}
