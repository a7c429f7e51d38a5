import { paintOp, type MaskOp, type Painter, type Point, type Rect, type Tool } from "./ops";

/** The mask's colour on screen (the canvas is shown half transparent over the photo). */
export const OVERLAY_COLOUR = "#ec4899";

/**
 * The mask canvas at the photo's natural size. Strokes paint into it as they come (`live`); undo rebuilds it
 * from the base image (the steps older than the undo limit) and the remaining steps. Pixels are read only
 * when the mask is exported, never while painting.
 */
export interface MaskSurface {
  readonly live: Painter;
  /** Paints a step that left the undo history into the base image. */
  bake(op: MaskOp): void;
  /** Repaints the mask: the base image, then the steps in order. */
  rebuild(ops: readonly MaskOp[]): void;
  /** The mask as a PNG of the photo's size, white = edit on black; null when nothing is painted. */
  exportPng(): Promise<Blob | null>;
}

function canvasPainter(ctx: CanvasRenderingContext2D, width: number, height: number): Painter {
  const begin = (tool: Tool) => {
    ctx.globalCompositeOperation = tool === "eraser" ? "destination-out" : "source-over";
    ctx.fillStyle = OVERLAY_COLOUR;
    ctx.strokeStyle = OVERLAY_COLOUR;
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

function newCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** The surface over a canvas of the photo's size; null where canvases cannot draw (jsdom). */
export function createCanvasMask(canvas: HTMLCanvasElement, width: number, height: number): MaskSurface | null {
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  const live = canvasPainter(ctx, width, height);
  let base: HTMLCanvasElement | null = null;
  let basePainter: Painter | null = null;

  return {
    live,
    bake(op) {
      if (!base) {
        base = newCanvas(width, height);
        const baseCtx = base.getContext("2d");
        if (!baseCtx) return;
        basePainter = canvasPainter(baseCtx, width, height);
      }
      if (basePainter) paintOp(basePainter, op);
    },
    rebuild(ops) {
      live.clear();
      if (base) ctx.drawImage(base, 0, 0);
      for (const op of ops) paintOp(live, op);
    },
    async exportPng() {
      // Empty or not, read from a quarter-size copy: a sixteenth of the pixels, and even the thinnest stroke
      // (4 px) still leaves a trace there.
      const small = newCanvas(Math.max(1, Math.ceil(width / 4)), Math.max(1, Math.ceil(height / 4)));
      const smallCtx = small.getContext("2d", { willReadFrequently: true });
      if (!smallCtx) return null;
      smallCtx.drawImage(canvas, 0, 0, small.width, small.height);
      const alpha = smallCtx.getImageData(0, 0, small.width, small.height).data;
      let painted = false;
      for (let i = 3; i < alpha.length; i += 4) {
        if (alpha[i]! > 0) {
          painted = true;
          break;
        }
      }
      if (!painted) return null;

      const out = newCanvas(width, height);
      const outCtx = out.getContext("2d");
      if (!outCtx) return null;
      outCtx.drawImage(canvas, 0, 0);
      // Painted pixels turn white (keeping their edge's coverage), then black goes under everything.
      outCtx.globalCompositeOperation = "source-in";
      outCtx.fillStyle = "#ffffff";
      outCtx.fillRect(0, 0, width, height);
      outCtx.globalCompositeOperation = "destination-over";
      outCtx.fillStyle = "#000000";
      outCtx.fillRect(0, 0, width, height);
      return new Promise<Blob | null>((resolve) => out.toBlob(resolve, "image/png"));
    },
  };
}
