import type { MaskCanvas, MaskContext, MaskPlatform } from "./raster";

function canvas(width: number, height: number): HTMLCanvasElement {
  const made = document.createElement("canvas");
  made.width = width;
  made.height = height;
  return made;
}

const element = (source: MaskCanvas) => source as HTMLCanvasElement;

/** The page's canvases. */
export const browserPlatform: MaskPlatform = {
  canvas,
  async shrink(source, width, height) {
    // Scaled down off the main thread.
    const small = await createImageBitmap(element(source), { resizeWidth: width, resizeHeight: height, resizeQuality: "medium" });
    const out = canvas(width, height);
    out.getContext("2d")?.drawImage(small, 0, 0);
    small.close();
    return out;
  },
  // Chromium encodes a PNG in idle time, in slices, so this is no long task.
  copy: (target: MaskContext, source: MaskCanvas) => (target as CanvasRenderingContext2D).drawImage(element(source), 0, 0),
  png: (source) => new Promise<Blob | null>((resolve) => element(source).toBlob(resolve, "image/png")),
};
