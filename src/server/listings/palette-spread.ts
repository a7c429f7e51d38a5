import sharp from "sharp";
import { converter, differenceCiede2000 } from "culori";

const toLab65 = converter("lab65");
const ciede2000 = differenceCiede2000();

/**
 * How far apart a set of images are in colour: the mean CIEDE2000 difference over every pair of their mean
 * colours (sRGB mean per channel, taken to CIELAB under D65 by culori). 0 for one image or identical ones; about 1 is the smallest
 * difference people see side by side. A listing whose rooms look like one flat scores low.
 * No "server-only" here: the end-to-end tests measure downloaded results with it.
 */
export async function paletteSpread({ images }: { images: readonly Buffer[] }): Promise<number> {
  const colours = await Promise.all(
    images.map(async (bytes) => {
      const { channels } = await sharp(bytes).removeAlpha().toColourspace("srgb").stats();
      return toLab65({ mode: "rgb", r: channels[0]!.mean / 255, g: channels[1]!.mean / 255, b: channels[2]!.mean / 255 });
    }),
  );
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < colours.length; i++) {
    for (let j = i + 1; j < colours.length; j++) {
      sum += ciede2000(colours[i]!, colours[j]!);
      pairs++;
    }
  }
  return pairs ? sum / pairs : 0;
}
