/** What the mask editor paints, in the photo's own pixels (its natural size). */
export type Tool = "brush" | "eraser";
export interface Point {
  x: number;
  y: number;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One undoable step: a stroke, a rectangle marked with the keyboard, or a clearing of the whole mask. */
export type MaskOp =
  | { kind: "stroke"; tool: Tool; size: number; points: readonly Point[] }
  | { kind: "rect"; tool: Tool; rect: Rect }
  | { kind: "clear" };

/** The drawing the editor needs; the canvas implements it, tests record it (jsdom has no canvas). */
export interface Painter {
  /** Round-capped, round-joined line through the points (a dot for one point), `size` pixels wide. */
  line(points: readonly Point[], size: number, tool: Tool): void;
  rect(rect: Rect, tool: Tool): void;
  clear(): void;
}

export function paintOp(painter: Painter, op: MaskOp): void {
  if (op.kind === "stroke") painter.line(op.points, op.size, op.tool);
  else if (op.kind === "rect") painter.rect(op.rect, op.tool);
  else painter.clear();
}
