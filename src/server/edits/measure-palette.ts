import "server-only";
import quantize from "quantize";
import { srgbToLab } from "./cielab";
import { smallSrgb } from "./small-srgb";

export type PaletteColour = { hex: string; share: number; lightness: number };

/** Pixels the palette is measured from: a 96 × 96 copy holds every colour a room shows over more than a sliver of it. */
const SAMPLE_SIDE = 96;

/**
 * The main colours of a picture and how much of it each covers, most first: Leptonica's modified median cut
 * (the `quantize` package, as Color Thief uses it) over a small copy. Colours under 4 % of the picture are left
 * out. Lightness is CIELAB L (0..100), so a brief can say which colours are the walls' and which the accents'.
 */
export async function measurePalette({ image, colours = 6 }: { image: Buffer; colours?: number }): Promise<PaletteColour[]> {
  const { data, info } = await smallSrgb({ image, side: SAMPLE_SIDE });
  const pixels: quantize.RgbPixel[] = [];
  for (let i = 0; i < data.length; i += info.channels) pixels.push([data[i]!, data[i + 1]!, data[i + 2]!]);
  const map = quantize(pixels, colours);
  // One colour only (a flat picture): the median cut has nothing to split.
  const boxes = map ? map.vboxes.map((box) => ({ colour: box.color, count: box.vbox.count() })) : [{ colour: pixels[0]!, count: pixels.length }];
  const total = boxes.reduce((sum, box) => sum + box.count, 0);
  return boxes
    .map(({ colour, count }) => ({ hex: `#${colour.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`, share: count / total, lightness: srgbToLab(colour).L }))
    .filter((entry) => entry.share >= 0.04)
    .sort((a, b) => b.share - a.share);
}
