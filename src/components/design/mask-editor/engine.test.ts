import { createCanvas, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { createMaskEngine } from "./engine";
import type { MaskCanvas, MaskContext, MaskPlatform } from "./raster";
import { createCanvasMask } from "./surface";
import { toPhoto, identityView } from "./view";

// A real 2D canvas (Skia, as in Chromium) outside the browser.
const skia = (canvas: MaskCanvas) => canvas as unknown as Canvas;
const skiaContext = (ctx: MaskContext) => ctx as unknown as SKRSContext2D;
const platform: MaskPlatform = {
  canvas: (width, height) => createCanvas(width, height),
  async shrink(source, width, height) {
    const out = createCanvas(width, height);
    const ctx = out.getContext("2d");
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(skia(source), 0, 0, width, height);
    return out;
  },
  copy: (target, source) => skiaContext(target).drawImage(skia(source), 0, 0),
  png: async (canvas) => new Blob([new Uint8Array(await skia(canvas).encode("png"))], { type: "image/png" }),
};

// A 400 × 300 photo shown in a 100 × 75 box: one CSS pixel is four of the photo's.
const photo = { width: 400, height: 300 };
const box = { width: 100, height: 75 };
const at = (x: number, y: number) => toPhoto(identityView, box, photo, { x, y });

function setup() {
  const onMarked = vi.fn<(marked: boolean) => void>();
  const engine = createMaskEngine({ surface: createCanvasMask(platform.canvas(photo.width, photo.height), photo.width, photo.height, platform), onMarked, exportDelayMs: 5 });
  const draw = (tool: "brush" | "eraser", size: number, points: [number, number][]) => {
    const [first, ...rest] = points.map(([x, y]) => at(x, y));
    engine.beginStroke(1, tool, size, first!);
    engine.paintPending();
    engine.extendStroke(1, rest);
    engine.endStroke(1);
  };
  return { engine, onMarked, draw };
}

/** The mask as the server reads it: flattened on black, grey, binarised at 50 %; 255 = edit. */
async function read(mask: Blob | null) {
  expect(mask).not.toBeNull();
  const png = Buffer.from(await mask!.arrayBuffer());
  const meta = await sharp(png).metadata();
  const { data, info } = await sharp(png).flatten({ background: "#000000" }).greyscale().threshold(128).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { width: meta.width, height: meta.height, edit: (x: number, y: number) => data[y * info.width + x] === 255 };
}

describe("mask engine", () => {
  it("paints a stroke where it was drawn, in the photo's pixels, white on black at the photo's size", async () => {
    const { engine, draw } = setup();
    // From (10, 10) to (50, 10) in the box: (40, 40) to (200, 40) in the photo, 8 px wide.
    draw("brush", 8, [
      [10, 10],
      [30, 10],
      [50, 10],
    ]);
    const mask = await read(await engine.currentMask());
    expect([mask.width, mask.height]).toEqual([400, 300]);
    for (const x of [40, 120, 200]) expect(mask.edit(x, 40)).toBe(true);
    expect(mask.edit(120, 37)).toBe(true);
    for (const [x, y] of [
      [120, 50],
      [120, 30],
      [30, 40],
      [210, 40],
      [10, 10],
    ] as const)
      expect(mask.edit(x, y)).toBe(false);
    // The raw PNG's own pixels: opaque white where painted, opaque black elsewhere.
    const raw = await sharp(Buffer.from(await (await engine.currentMask())!.arrayBuffer())).ensureAlpha().raw().toBuffer();
    const pixel = (x: number, y: number) => [...raw.subarray((y * 400 + x) * 4, (y * 400 + x) * 4 + 4)];
    expect(pixel(120, 40)).toEqual([255, 255, 255, 255]);
    expect(pixel(300, 200)).toEqual([0, 0, 0, 255]);
  });

  it("erases what the eraser crosses, and undoes and redoes step by step", async () => {
    const { engine, draw } = setup();
    draw("brush", 40, [
      [10, 10],
      [90, 10],
    ]);
    draw("eraser", 20, [
      [50, 0],
      [50, 30],
    ]);
    let mask = await read(await engine.currentMask());
    expect(mask.edit(200, 40)).toBe(false);
    expect(mask.edit(100, 40)).toBe(true);
    expect(engine.undo()).toBe(true);
    mask = await read(await engine.currentMask());
    expect(mask.edit(200, 40)).toBe(true);
    expect(engine.redo()).toBe(true);
    expect(engine.redo()).toBe(false);
    mask = await read(await engine.currentMask());
    expect(mask.edit(200, 40)).toBe(false);
    expect(engine.undo() && engine.undo()).toBe(true);
    expect(engine.undo()).toBe(false);
    expect(await engine.currentMask()).toBeNull();
  });

  it("hands over nothing once everything painted is erased, and says so", async () => {
    const { engine, draw, onMarked } = setup();
    draw("brush", 8, [
      [20, 20],
      [40, 20],
    ]);
    expect(onMarked).toHaveBeenLastCalledWith(true);
    // A thin stroke is still a mark (a 16 × 16 cell is mostly empty around it).
    expect((await read(await engine.currentMask())).edit(120, 80)).toBe(true);
    draw("eraser", 40, [
      [10, 20],
      [50, 20],
    ]);
    // Marked at once (it may still hold something), then found empty when encoded.
    expect(onMarked).toHaveBeenLastCalledWith(true);
    expect(await engine.currentMask()).toBeNull();
    expect(onMarked).toHaveBeenLastCalledWith(false);
  });

  it("takes back a stroke that became a pinch, clears, and keeps steps older than the undo limit", async () => {
    const { engine, draw, onMarked } = setup();
    engine.beginStroke(7, "brush", 30, at(50, 40));
    engine.paintPending();
    expect(engine.drawing).toBe(true);
    expect(engine.undo()).toBe(false);
    engine.cancelStroke();
    expect(engine.endStroke(7)).toBe(false);
    expect(await engine.currentMask()).toBeNull();
    expect(engine.clear()).toBe(false);

    engine.rect({ x: 0, y: 0, width: 20, height: 20 }, "brush");
    for (let i = 0; i < 30; i++) draw("brush", 4, [[90, 70]]);
    while (engine.undo());
    // The rectangle fell out of the history and stays painted; the strokes are undone.
    const mask = await read(await engine.currentMask());
    expect(mask.edit(10, 10)).toBe(true);
    expect(mask.edit(360, 280)).toBe(false);
    expect(engine.clear()).toBe(true);
    expect(onMarked).toHaveBeenLastCalledWith(false);
    expect(await engine.currentMask()).toBeNull();
    engine.dispose();
  });
});
