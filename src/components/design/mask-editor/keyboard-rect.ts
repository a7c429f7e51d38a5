import type { Point, Rect } from "./ops";
import type { Size } from "./view";

/**
 * Marking a rectangle with the keyboard: arrow keys move a crosshair over the photo (with Shift ten times
 * further), Enter or Space drops the first corner, a second Enter or Space paints the rectangle up to the
 * crosshair, Escape drops the corner. Coordinates are the photo's natural pixels.
 */
export interface Marker {
  cursor: Point;
  anchor: Point | null;
}

export type MarkerEvent = "started" | "committed" | "cancelled" | "empty";

export interface MarkerResult {
  marker: Marker;
  /** The key was the marker's (the caller prevents its default action). */
  handled: boolean;
  event?: MarkerEvent;
  rect?: Rect;
}

export function initialMarker(photo: Size): Marker {
  return { cursor: { x: Math.round(photo.width / 2), y: Math.round(photo.height / 2) }, anchor: null };
}

/** 1 % of the photo's long side, at least one pixel; Shift: 10 %. */
export function markerStep(photo: Size, big: boolean): number {
  const small = Math.max(1, Math.round(Math.max(photo.width, photo.height) / 100));
  return big ? small * 10 : small;
}

const moves: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function pressKey(marker: Marker, key: { key: string; shiftKey: boolean }, photo: Size): MarkerResult {
  const move = moves[key.key];
  if (move) {
    const step = markerStep(photo, key.shiftKey);
    const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
    const cursor = { x: clamp(marker.cursor.x + move[0] * step, photo.width), y: clamp(marker.cursor.y + move[1] * step, photo.height) };
    return { marker: { ...marker, cursor }, handled: true };
  }
  if (key.key === "Enter" || key.key === " ") {
    if (!marker.anchor) return { marker: { ...marker, anchor: marker.cursor }, handled: true, event: "started" };
    const rect = rectBetween(marker.anchor, marker.cursor);
    const next = { ...marker, anchor: null };
    if (rect.width === 0 || rect.height === 0) return { marker: next, handled: true, event: "empty" };
    return { marker: next, handled: true, event: "committed", rect };
  }
  if (key.key === "Escape" && marker.anchor) return { marker: { ...marker, anchor: null }, handled: true, event: "cancelled" };
  return { marker, handled: false };
}

/**
 * Where the crosshair is, in whole per cent of the photo from its left and top edges, and with a first corner
 * marked the rectangle's width and height in per cent too: what a screen reader says as the crosshair moves.
 */
export function markerPosition(marker: Marker, photo: Size): { x: number; y: number; width: number | null; height: number | null } {
  const percent = (value: number, of: number) => Math.round((value / of) * 100);
  const rect = marker.anchor ? rectBetween(marker.anchor, marker.cursor) : null;
  return {
    x: percent(marker.cursor.x, photo.width),
    y: percent(marker.cursor.y, photo.height),
    width: rect ? percent(rect.width, photo.width) : null,
    height: rect ? percent(rect.height, photo.height) : null,
  };
}

export function rectBetween(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) };
}
