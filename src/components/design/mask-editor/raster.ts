/**
 * What the mask needs of a canvas: the part of CanvasRenderingContext2D (and of OffscreenCanvas's) that it
 * paints and reads with. The browser's canvases have it; so does a canvas library in a test.
 */
export interface MaskContext {
  globalCompositeOperation: string;
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  beginPath(): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  fill(): void;
  stroke(): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  clearRect(x: number, y: number, width: number, height: number): void;
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
}

export interface MaskCanvas {
  width: number;
  height: number;
  getContext(kind: "2d", options?: { willReadFrequently?: boolean }): MaskContext | null;
}

/** Where canvases come from, how one is shrunk for a quick look and how the mask is encoded. */
export interface MaskPlatform {
  canvas(width: number, height: number): MaskCanvas;
  /** A copy `width` × `height` whose pixels average the source's (so a thin stroke leaves a trace). */
  shrink(source: MaskCanvas, width: number, height: number): Promise<MaskCanvas>;
  png(canvas: MaskCanvas): Promise<Blob | null>;
  /** Draws one of its canvases onto another's context at (0, 0), composited as the context says. */
  copy(target: MaskContext, source: MaskCanvas): void;
}
