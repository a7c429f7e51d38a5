import { canRedo, canUndo, emptyHistory, erasedSinceClear, isBlank, pushOp, redo, undo, type History } from "./history";
import type { MaskOp, Point, Rect, Tool } from "./ops";
import type { MaskSurface } from "./surface";

/** How long after the last change the mask is encoded (encoding reads the whole canvas once). */
export const EXPORT_DELAY_MS = 300;

export interface MaskEngineOptions {
  /** The mask's pixels; null where canvases cannot draw (the steps are still kept). */
  surface: MaskSurface | null;
  /** The steps after each change (undo, redo and clear availability follow from them). */
  onHistory?: (history: History) => void;
  /**
   * Whether anything is marked: at once after each change, and false again when the encoded mask comes out
   * empty (an eraser's faint residue).
   */
  onMarked?: (marked: boolean) => void;
  exportDelayMs?: number;
}

/**
 * The mask editor's drawing, without React or the DOM: strokes as they are drawn, rectangles, undo / redo /
 * clear over the history, and the mask handed over as a PNG a moment after each change. Coordinates are the
 * photo's natural pixels.
 */
export interface MaskEngine {
  readonly history: History;
  /** Whether a stroke is being drawn (undo, redo and clear wait for its end). */
  readonly drawing: boolean;
  beginStroke(pointerId: number, tool: Tool, size: number, at: Point): void;
  /** Adds points to the stroke of this pointer; false when it draws none. */
  extendStroke(pointerId: number, points: readonly Point[]): boolean;
  /** Paints what the stroke gained since the last call, joined to what was painted (once per frame). */
  paintPending(): void;
  /** Paints the rest of this pointer's stroke and makes it a step; false when it drew none. */
  endStroke(pointerId: number): boolean;
  /** Takes the stroke being drawn back (a second finger: it was a pinch). */
  cancelStroke(): void;
  rect(rect: Rect, tool: Tool): void;
  undo(): boolean;
  redo(): boolean;
  /** Clears a mask that has something marked; false (and no step) when it is blank. */
  clear(): boolean;
  /** The mask as painted now (white = edit on black, the photo's size), or null when nothing is marked. */
  currentMask(): Promise<Blob | null>;
  /** Drops a waiting or running export. */
  dispose(): void;
}

type Stroke = { pointerId: number; tool: Tool; size: number; points: Point[]; drawn: number };

export function createMaskEngine({ surface, onHistory, onMarked, exportDelayMs = EXPORT_DELAY_MS }: MaskEngineOptions): MaskEngine {
  let history = emptyHistory;
  let stroke: Stroke | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let run = 0;
  // The last export (or the blank start), so the mask can be asked for between changes.
  let lastExport: Promise<Blob | null> = Promise.resolve(null);

  const exportNow = () => {
    clearTimeout(timer);
    timer = undefined;
    const mine = ++run;
    const made = isBlank(history) || !surface ? Promise.resolve(null) : surface.exportPng({ mayBeEmpty: erasedSinceClear(history) });
    lastExport = made.then((blob) => {
      if (mine === run) onMarked?.(blob !== null);
      return blob;
    });
    return lastExport;
  };

  const changed = (next: History) => {
    history = next;
    onHistory?.(next);
    onMarked?.(!isBlank(next));
    clearTimeout(timer);
    timer = setTimeout(() => void exportNow(), exportDelayMs);
  };

  const commit = (op: MaskOp) => {
    const { history: next, evicted } = pushOp(history, op);
    if (evicted) surface?.bake(evicted);
    changed(next);
  };

  const paintPending = () => {
    const s = stroke;
    if (!s || s.drawn >= s.points.length) return;
    // From the last point painted, so consecutive frames join up.
    surface?.live.line(s.points.slice(Math.max(0, s.drawn - 1)), s.size, s.tool);
    s.drawn = s.points.length;
  };

  const step = (move: (h: History) => History, possible: (h: History) => boolean) => {
    if (stroke || !possible(history)) return false;
    const next = move(history);
    surface?.rebuild(next.done);
    changed(next);
    return true;
  };

  return {
    get history() {
      return history;
    },
    get drawing() {
      return stroke !== null;
    },
    beginStroke(pointerId, tool, size, at) {
      stroke = { pointerId, tool, size, points: [at], drawn: 0 };
    },
    extendStroke(pointerId, points) {
      if (stroke?.pointerId !== pointerId) return false;
      stroke.points.push(...points);
      return true;
    },
    paintPending,
    endStroke(pointerId) {
      const s = stroke;
      if (s?.pointerId !== pointerId) return false;
      paintPending();
      stroke = null;
      commit({ kind: "stroke", tool: s.tool, size: s.size, points: s.points });
      return true;
    },
    cancelStroke() {
      if (!stroke) return;
      stroke = null;
      surface?.rebuild(history.done);
    },
    rect(rect, tool) {
      surface?.live.rect(rect, tool);
      commit({ kind: "rect", tool, rect });
    },
    undo: () => step(undo, canUndo),
    redo: () => step(redo, canRedo),
    clear() {
      if (stroke || isBlank(history)) return false;
      surface?.live.clear();
      commit({ kind: "clear" });
      return true;
    },
    // Asked within the delay after a change (Generate right after a stroke): encoded at once.
    currentMask: () => (timer !== undefined ? exportNow() : lastExport),
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      run++;
    },
  };
}
