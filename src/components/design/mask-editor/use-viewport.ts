import { useCallback, useRef, useState } from "react";
import type { Point } from "./ops";
import { clampView, identityView, zoomAt, type View } from "./view";

/** Zoom and pan of the photo in its box, applied to the content's transform without a render. */
export function useViewport() {
  // The box the photo sits in, and the content moved in it.
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const view = useRef<View>(identityView);
  // Rendered only for the zoom buttons' availability.
  const [zoomed, setZoomed] = useState(false);

  const apply = useCallback(
    (next: View) => {
      view.current = next;
      if (content.current) content.current.style.transform = `translate(${next.x}px, ${next.y}px) scale(${next.zoom})`;
    },
    [],
  );
  const settle = () => setZoomed(view.current.zoom > 1);

  const zoomBy = (factor: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    apply(zoomAt(view.current, rect, { x: rect.width / 2, y: rect.height / 2 }, factor));
    settle();
  };
  const reset = () => {
    apply(identityView);
    setZoomed(false);
  };

  /** Brings a point of the photo (`photoWidth` pixels wide) back to the middle when zoomed in and out of sight. */
  const reveal = (point: Point, photoWidth: number) => {
    const rect = box.current?.getBoundingClientRect();
    const v = view.current;
    if (!rect || v.zoom <= 1) return;
    const scale = v.zoom * (rect.width / photoWidth);
    const sx = v.x + point.x * scale;
    const sy = v.y + point.y * scale;
    if (sx < 0 || sy < 0 || sx > rect.width || sy > rect.height) apply(clampView({ ...v, x: rect.width / 2 - point.x * scale, y: rect.height / 2 - point.y * scale }, rect));
  };

  return { box, content, view, apply, zoomed, settle, zoomBy, reset, reveal };
}

export type Viewport = ReturnType<typeof useViewport>;
