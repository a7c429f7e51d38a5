import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from "react";
import type { MaskEngine } from "./engine";
import type { Point, Tool } from "./ops";
import { pinch, toPhoto, type Size, type View } from "./view";
import type { Viewport } from "./use-viewport";

type Pinch = { ids: [number, number]; start: View; from: [Point, Point] };

const local = (event: { clientX: number; clientY: number }, rect: DOMRect): Point => ({ x: event.clientX - rect.left, y: event.clientY - rect.top });

/**
 * Pointers over the photo: one paints a stroke (mouse, pen or finger), a second finger turns it into a pinch
 * that zooms and pans, a hovering mouse or pen shows the brush's outline. Everything is drawn once per frame.
 */
export function usePointerDrawing(options: {
  engine: RefObject<MaskEngine | null>;
  viewport: Viewport;
  photo: Size;
  tool: Tool;
  size: number;
  /** A pointer went down: the keyboard's crosshair hides. */
  onStart: () => void;
}) {
  const { engine, viewport, photo, tool, size, onStart } = options;
  // The brush's outline under a hovering mouse or pen.
  const hover = useRef<SVGCircleElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const pinchRef = useRef<Pinch | null>(null);
  const hoverAt = useRef<Point | null>(null);
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const draw = () => {
    frame.current = 0;
    engine.current?.paintPending();
    const p = pinchRef.current;
    const rect = viewport.box.current?.getBoundingClientRect();
    if (p && rect) {
      const a = pointers.current.get(p.ids[0]);
      const b = pointers.current.get(p.ids[1]);
      if (a && b) viewport.apply(pinch(p.start, rect, p.from, [a, b]));
    }
    const circle = hover.current;
    if (circle) {
      const at = hoverAt.current;
      circle.style.display = at ? "" : "none";
      if (at) {
        circle.setAttribute("cx", String(at.x));
        circle.setAttribute("cy", String(at.y));
      }
    }
  };
  const requestDraw = () => {
    if (!frame.current) frame.current = requestAnimationFrame(draw);
  };
  const inPhoto = (rect: DOMRect, at: Point) => toPhoto(viewport.view.current, rect, photo, at);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer that is already gone cannot be captured; its events simply end.
    }
    onStart();
    hoverAt.current = null;
    const at = local(event, rect);
    pointers.current.set(event.pointerId, at);

    if (event.pointerType === "touch" && pointers.current.size === 2) {
      // A second finger: it was a pinch all along, so the first finger's stroke is taken back.
      engine.current?.cancelStroke();
      const [first, second] = [...pointers.current.entries()];
      pinchRef.current = { ids: [first![0], second![0]], start: viewport.view.current, from: [first![1], second![1]] };
      return;
    }
    if (pointers.current.size !== 1 || pinchRef.current) return;
    engine.current?.beginStroke(event.pointerId, tool, size, inPhoto(rect, at));
    requestDraw();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    // Between two frames the browser may have seen several positions; use them all for a smooth line.
    const native = event.nativeEvent;
    const coalesced = typeof native.getCoalescedEvents === "function" ? native.getCoalescedEvents() : [];
    const points = () => (coalesced.length ? coalesced : [native]).map((e) => inPhoto(rect, local(e, rect)));
    if (engine.current?.drawing && engine.current.extendStroke(event.pointerId, points())) return requestDraw();
    if (pointers.current.has(event.pointerId)) {
      pointers.current.set(event.pointerId, local(event, rect));
      if (pinchRef.current) requestDraw();
      return;
    }
    if (event.pointerType !== "touch") {
      hoverAt.current = inPhoto(rect, local(event, rect));
      requestDraw();
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    // Its last points are painted now; the frame still asked for finds nothing more to paint.
    engine.current?.endStroke(event.pointerId);
    const p = pinchRef.current;
    if (p && p.ids.includes(event.pointerId)) {
      pinchRef.current = null;
      viewport.settle();
    }
  };

  const onPointerLeave = () => {
    hoverAt.current = null;
    requestDraw();
  };

  return { hover, handlers: { onPointerDown, onPointerMove, onPointerUp: onPointerEnd, onPointerCancel: onPointerEnd, onPointerLeave } };
}
