import { paintOp, type MaskOp, type Painter, type Point, type Rect, type Tool } from "./ops";
import type { MaskCanvas, MaskContext, MaskPlatform } from "./raster";

/**
 * The mask's colour on screen. The canvas holds the mask as it is handed over (white, edges antialiased) and
 * is tinted by a colour-matrix filter, so exporting it costs no per-pixel work of our own.
 */
export const OVERLAY_COLOUR = "#ec4899";
/** feColorMatrix values turning every painted pixel into OVERLAY_COLOUR at half its opacity. */
export const OVERLAY_MATRIX = "0 0 0 0 0.925 0 0 0 0 0.282 0 0 0 0 0.6 0 0 0 0.5 0";

const MASK_COLOUR = "#ffffff";

/**
 * Whether nothing is painted as the server reads a mask: a pixel counts when it is at least half opaque (it
 * binarises at 50 %). The faint antialiased edges an eraser leaves behind do not count.
 */
async function isEmpty(canvas: MaskCanvas, platform: MaskPlatform): Promise<boolean> {
  const w = Math.max(1, Math.ceil(canvas.width / 16));
  const h = Math.max(1, Math.ceil(canvas.height / 16));
  // Averaging down keeps a trace of even the thinnest stroke (4 px is a quarter of a 16 px cell).
  const probe = (await platform.shrink(canvas, w, h)).getContext("2d", { willReadFrequently: true });
  if (!probe) return false;
  const cells = probe.getImageData(0, 0, w, h).data;
  let most = 0;
  for (let i = 3; i < cells.length; i += 4) most = Math.max(most, cells[i]!);
  if (most === 0) return true;
  // A cell that is half painted on average has a pixel that is at least half painted.
  if (most >= HALF_OPAQUE) return false;
  // Only faint traces or thin strokes: read them pixel by pixel (once, after erasing).
  const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
  if (!data) return false;
  for (let i = 3; i < data.length; i += 4) if (data[i]! >= HALF_OPAQUE) return false;
  return true;
}

const HALF_OPAQUE = 128;

/**
 * The mask canvas at the photo's natural size. Strokes paint into it as they come (`live`); undo rebuilds it
 * from the base image (the steps older than the undo limit) and the remaining steps. No pixel is read
 * while painting.
 */
export interface MaskSurface {
  readonly live: Painter;
  /** Paints a step that left the undo history into the base image. */
  bake(op: MaskOp): void;
  /** Repaints the mask: the base image, then the steps in order. */
  rebuild(ops: readonly MaskOp[]): void;
  /**
   * The mask as a PNG of the photo's size, white = edit on black; null when nothing is painted, which is
   * looked at in the pixels only when `mayBeEmpty` (something was erased).
   */
  exportPng(options: { mayBeEmpty: boolean }): Promise<Blob | null>;
}

function canvasPainter(ctx: MaskContext, width: number, height: number): Painter {
  const begin = (tool: Tool) => {
    ctx.globalCompositeOperation = tool === "eraser" ? "destination-out" : "source-over";
    ctx.fillStyle = MASK_COLOUR;
    ctx.strokeStyle = MASK_COLOUR;
  };
  return {
    line(points: readonly Point[], size: number, tool: Tool) {
      const [first, ...rest] = points;
      if (!first) return;
      begin(tool);
      // The dot at the start: canvases skip zero-length segments, so a tap would paint nothing otherwise.
      ctx.beginPath();
      ctx.arc(first.x, first.y, size / 2, 0, Math.PI * 2);
      ctx.fill();
      if (!rest.length) return;
      ctx.lineWidth = size;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.beginPath();
      ctx.moveTo(first.x, first.y);
      for (const p of rest) ctx.lineTo(p.x, p.y);
      ctx.stroke();
    },
    rect(rect: Rect, tool: Tool) {
      begin(tool);
      ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
    },
    clear() {
      ctx.globalCompositeOperation = "source-over";
      ctx.clearRect(0, 0, width, height);
    },
  };
}

/** The surface over a canvas of the photo's size; null where canvases cannot draw (jsdom). */
export function createCanvasMask(canvas: MaskCanvas, width: number, height: number, platform: MaskPlatform): MaskSurface | null {
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  const live = canvasPainter(ctx, width, height);
  let base: MaskCanvas | null = null;
  let basePainter: Painter | null = null;

  return {
    live,
    bake(op) {
      if (!base) {
        base = platform.canvas(width, height);
        const baseCtx = base.getContext("2d");
        if (!baseCtx) return;
        basePainter = canvasPainter(baseCtx, width, height);
      }
      if (basePainter) paintOp(basePainter, op);
    },
    rebuild(ops) {
      live.clear();
      if (base) platform.copy(ctx, base);
      for (const op of ops) paintOp(live, op);
    },
    async exportPng({ mayBeEmpty }) {
      // Erasing may have emptied it: look at a small copy, scaled down off the main thread.
      if (mayBeEmpty && (await isEmpty(canvas, platform))) return null;
      const out = platform.canvas(width, height);
      const outCtx = out.getContext("2d");
      if (!outCtx) return null;
      // The mask is white already; black goes under it.
      platform.copy(outCtx, canvas);
      outCtx.globalCompositeOperation = "destination-over";
      outCtx.fillStyle = "#000000";
      outCtx.fillRect(0, 0, width, height);
      return platform.png(out);
    },
  };
}
