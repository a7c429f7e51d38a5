import type { Point } from "./ops";

/**
 * Zoom and pan of the photo in its box. The box has the photo's aspect ratio; at zoom 1 the photo fills it.
 * A point of the photo (natural pixels) shows at `(x, y) + zoom · fit · point`, fit = box width / photo width,
 * in CSS pixels from the box's top-left corner.
 */
export interface View {
  zoom: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const MAX_ZOOM = 8;
export const identityView: View = { zoom: 1, x: 0, y: 0 };

/** The photo's pixel under a point of the box. */
export function toPhoto(view: View, box: Size, photo: Size, screen: Point): Point {
  const scale = view.zoom * (box.width / photo.width);
  return { x: (screen.x - view.x) / scale, y: (screen.y - view.y) / scale };
}

/** Keeps the zoom within 1…MAX_ZOOM and the photo covering the whole box (no empty margins). */
export function clampView(view: View, box: Size): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, view.zoom));
  const clamp = (value: number, span: number) => Math.min(0, Math.max(span * (1 - zoom), value));
  return { zoom, x: clamp(view.x, box.width), y: clamp(view.y, box.height) };
}

/** Zooms by `factor`, keeping the photo's point under `anchor` (box coordinates) where it is. */
export function zoomAt(view: View, box: Size, anchor: Point, factor: number): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, view.zoom * factor));
  const ratio = zoom / view.zoom;
  return clampView({ zoom, x: anchor.x - (anchor.x - view.x) * ratio, y: anchor.y - (anchor.y - view.y) * ratio }, box);
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * Two fingers: the view that keeps the photo's point under the fingers' first midpoint under their current
 * midpoint (pan) and scales with the distance between them (zoom). `start` is the view when the second
 * finger touched, `from` the fingers' positions then, `to` now.
 */
export function pinch(start: View, box: Size, from: readonly [Point, Point], to: readonly [Point, Point]): View {
  const before = distance(from[0], from[1]);
  const factor = before > 0 ? distance(to[0], to[1]) / before : 1;
  const zoom = Math.min(MAX_ZOOM, Math.max(1, start.zoom * factor));
  const m0 = middle(from[0], from[1]);
  const m1 = middle(to[0], to[1]);
  // The content point under m0 at the start, in zoom-1 box units.
  const cx = (m0.x - start.x) / start.zoom;
  const cy = (m0.y - start.y) / start.zoom;
  return clampView({ zoom, x: m1.x - zoom * cx, y: m1.y - zoom * cy }, box);
}
