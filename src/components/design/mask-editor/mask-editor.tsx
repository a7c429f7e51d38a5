"use client";

import { memo, useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent as ReactPointerEvent, type Ref } from "react";
import { useTranslations } from "next-intl";
import { Brush, Eraser, Maximize, Redo2, Trash2, Undo2, ZoomIn, ZoomOut } from "lucide-react";
import { PlainImage } from "@/components/ui/plain-image";
import { Button } from "@/components/ui/button";
import { brushSizes } from "./brush-size";
import { canRedo, canUndo, emptyHistory, erasedSinceClear, isBlank, pushOp, redo, undo, type History } from "./history";
import { initialMarker, markerPosition, pressKey, rectBetween, type Marker, type MarkerEvent } from "./keyboard-rect";
import type { MaskOp, Point, Tool } from "./ops";
import { createCanvasMask, OVERLAY_COLOUR, OVERLAY_MATRIX, type MaskSurface } from "./surface";
import { clampView, identityView, pinch, toPhoto, zoomAt, type Size, type View } from "./view";

export interface MaskEditorProps {
  /** The stored photo (its URL as an <img> can load it). */
  imageUrl: string;
  /** The stored photo's natural size; the mask comes out exactly this size. */
  width: number;
  height: number;
  /**
   * Whether anything is marked, at once after each finished stroke, rectangle, undo, redo or clearing, so
   * Generate answers a tap right after the first stroke; false again if the encoded mask comes out empty
   * (an eraser's faint residue). False when the editor starts.
   */
  onMarkedChange?: (marked: boolean) => void;
  /** What is being marked, for the instructions: a region to remove or replace, or walls / a floor. */
  purpose: "region" | "surface";
  className?: string;
  /** For Generate: the mask itself (encoded a moment after each change, so usually ready when asked for). */
  handle?: Ref<MaskEditorHandle>;
}

export interface MaskEditorHandle {
  /**
   * The mask as painted now, a PNG (white = edit on black, width × height), or null when nothing is marked;
   * encoded at once if a change is still waiting for its export.
   */
  currentMask: () => Promise<Blob | null>;
}

/** How long after the last change the mask is encoded (encoding reads the whole canvas once). */
const EXPORT_DELAY_MS = 300;

/**
 * Paint a mask over a photo: brush, eraser, size, undo / redo, clear; pinch to zoom; a rectangle by keyboard.
 * Memoised: the page re-renders with every mask handed over (and whatever else changes), and the editor, its
 * canvas and photo need not follow unless its own props change.
 */
export const MaskEditor = memo(function MaskEditor(props: MaskEditorProps) {
  // Another photo is another mask: start afresh.
  return <Editor key={`${props.imageUrl} ${props.width}x${props.height}`} {...props} />;
});

type Stroke = { pointerId: number; tool: Tool; size: number; points: Point[]; drawn: number };
type Pinch = { ids: [number, number]; start: View; from: [Point, Point] };

function Editor({ imageUrl, width, height, onMarkedChange, purpose, className = "", handle }: MaskEditorProps) {
  const t = useTranslations("maskEditor");
  const photo: Size = { width, height };
  const sizes = brushSizes(photo);
  const base = useId();
  const describedBy = `${base}-purpose ${base}-instructions`;

  const [tool, setTool] = useState<Tool>("brush");
  const [size, setSize] = useState(sizes.initial);
  const [history, setHistoryState] = useState<History>(emptyHistory);
  const [marker, setMarker] = useState<Marker>(() => initialMarker(photo));
  const [focused, setFocused] = useState(false);
  const [keyboard, setKeyboard] = useState(false);
  const [zoomed, setZoomed] = useState(false);
  const [status, setStatus] = useState("");

  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const hover = useRef<SVGCircleElement>(null);
  const surface = useRef<MaskSurface | null>(null);
  const historyRef = useRef<History>(emptyHistory);
  const view = useRef<View>(identityView);
  const pointers = useRef(new Map<number, Point>());
  const stroke = useRef<Stroke | null>(null);
  const pinchRef = useRef<Pinch | null>(null);
  const hoverAt = useRef<Point | null>(null);
  const frame = useRef(0);
  const exportTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const exportRun = useRef(0);
  const onMarkedRef = useRef(onMarkedChange);
  useEffect(() => {
    onMarkedRef.current = onMarkedChange;
  }, [onMarkedChange]);

  useEffect(() => {
    if (canvas.current) surface.current = createCanvasMask(canvas.current, width, height);
    onMarkedRef.current?.(false);
    // The refs themselves (not their values now): the cleanup must see the last frame, timer and export.
    const [frames, timer, runs] = [frame, exportTimer, exportRun];
    return () => {
      cancelAnimationFrame(frames.current);
      clearTimeout(timer.current);
      // An export still encoding is dropped.
      runs.current++;
    };
  }, [width, height]);

  // The last export (or the editor's blank start), so the current mask can be asked for between changes.
  const lastExport = useRef<Promise<Blob | null>>(Promise.resolve(null));
  const exportNow = useCallback(() => {
    clearTimeout(exportTimer.current);
    exportTimer.current = undefined;
    const run = ++exportRun.current;
    const made = isBlank(historyRef.current) || !surface.current ? Promise.resolve(null) : surface.current.exportPng({ mayBeEmpty: erasedSinceClear(historyRef.current) });
    lastExport.current = made.then((blob) => {
      if (run === exportRun.current) onMarkedRef.current?.(blob !== null);
      return blob;
    });
    return lastExport.current;
  }, []);
  const scheduleExport = useCallback(() => {
    onMarkedRef.current?.(!isBlank(historyRef.current));
    clearTimeout(exportTimer.current);
    exportTimer.current = setTimeout(() => void exportNow(), EXPORT_DELAY_MS);
  }, [exportNow]);
  // Generate pressed within the delay after a stroke sends that stroke too.
  useImperativeHandle(handle, () => ({ currentMask: () => (exportTimer.current !== undefined ? exportNow() : lastExport.current) }), [exportNow]);

  const setHistory = useCallback(
    (next: History) => {
      historyRef.current = next;
      setHistoryState(next);
      scheduleExport();
    },
    [scheduleExport],
  );

  const commit = useCallback(
    (op: MaskOp) => {
      const { history: next, evicted } = pushOp(historyRef.current, op);
      if (evicted) surface.current?.bake(evicted);
      setHistory(next);
    },
    [setHistory],
  );

  const applyView = (next: View) => {
    view.current = next;
    if (content.current) content.current.style.transform = `translate(${next.x}px, ${next.y}px) scale(${next.zoom})`;
  };

  /** Everything pointers change is drawn here, once per frame. */
  const draw = () => {
    frame.current = 0;
    const s = stroke.current;
    if (s && s.drawn < s.points.length) {
      // From the last point drawn, so consecutive frames join up.
      surface.current?.live.line(s.points.slice(Math.max(0, s.drawn - 1)), s.size, s.tool);
      s.drawn = s.points.length;
    }
    const p = pinchRef.current;
    const rect = box.current?.getBoundingClientRect();
    if (p && rect) {
      const a = pointers.current.get(p.ids[0]);
      const b = pointers.current.get(p.ids[1]);
      if (a && b) applyView(pinch(p.start, rect, p.from, [a, b]));
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

  const local = (event: { clientX: number; clientY: number }, rect: DOMRect): Point => ({ x: event.clientX - rect.left, y: event.clientY - rect.top });

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const rect = event.currentTarget.getBoundingClientRect();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer that is already gone cannot be captured; its events simply end.
    }
    setKeyboard(false);
    hoverAt.current = null;
    const at = local(event, rect);
    pointers.current.set(event.pointerId, at);

    if (event.pointerType === "touch" && pointers.current.size === 2) {
      // A second finger: it was a pinch all along, so the first finger's stroke is taken back.
      if (stroke.current) {
        stroke.current = null;
        surface.current?.rebuild(historyRef.current.done);
      }
      const [first, second] = [...pointers.current.entries()];
      pinchRef.current = { ids: [first![0], second![0]], start: view.current, from: [first![1], second![1]] };
      return;
    }
    if (pointers.current.size !== 1 || pinchRef.current) return;
    stroke.current = { pointerId: event.pointerId, tool, size, points: [toPhoto(view.current, rect, photo, at)], drawn: 0 };
    requestDraw();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const s = stroke.current;
    if (s && s.pointerId === event.pointerId) {
      // Between two frames the browser may have seen several positions; use them all for a smooth line.
      const native = event.nativeEvent;
      const coalesced = typeof native.getCoalescedEvents === "function" ? native.getCoalescedEvents() : [];
      for (const e of coalesced.length ? coalesced : [native]) s.points.push(toPhoto(view.current, rect, photo, local(e, rect)));
      requestDraw();
      return;
    }
    if (pointers.current.has(event.pointerId)) {
      pointers.current.set(event.pointerId, local(event, rect));
      if (pinchRef.current) requestDraw();
      return;
    }
    if (event.pointerType !== "touch") {
      hoverAt.current = toPhoto(view.current, rect, photo, local(event, rect));
      requestDraw();
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    const s = stroke.current;
    if (s && s.pointerId === event.pointerId) {
      cancelAnimationFrame(frame.current);
      draw();
      stroke.current = null;
      commit({ kind: "stroke", tool: s.tool, size: s.size, points: s.points });
    }
    const p = pinchRef.current;
    if (p && p.ids.includes(event.pointerId)) {
      pinchRef.current = null;
      setZoomed(view.current.zoom > 1);
    }
  };

  const onPointerLeave = () => {
    hoverAt.current = null;
    requestDraw();
  };

  // Said in the editor's live region: a second undo says it again (a trailing no-break space makes the text new).
  const say = (text: string) => setStatus((shown) => (shown === text ? `${text}\u00a0` : text));
  const doUndo = () => {
    if (stroke.current || !canUndo(historyRef.current)) return;
    const next = undo(historyRef.current);
    surface.current?.rebuild(next.done);
    setHistory(next);
    say(t("undone"));
  };
  const doRedo = () => {
    if (stroke.current || !canRedo(historyRef.current)) return;
    const next = redo(historyRef.current);
    surface.current?.rebuild(next.done);
    setHistory(next);
    say(t("redone"));
  };
  const doClear = () => {
    // Shown as unavailable on a blank mask (marked, not disabled): a press then changes nothing, not even the history.
    if (stroke.current || isBlank(historyRef.current)) return;
    surface.current?.live.clear();
    commit({ kind: "clear" });
    say(t("cleared"));
  };

  const zoomBy = (factor: number) => {
    const rect = box.current?.getBoundingClientRect();
    if (!rect) return;
    applyView(zoomAt(view.current, rect, { x: rect.width / 2, y: rect.height / 2 }, factor));
    setZoomed(view.current.zoom > 1);
  };
  const resetZoom = () => {
    applyView(identityView);
    setZoomed(false);
  };

  const markerMessages: Record<MarkerEvent, string> = {
    started: t("rectStarted"),
    committed: tool === "brush" ? t("rectPainted") : t("rectErased"),
    cancelled: t("rectCancelled"),
    empty: t("rectEmpty"),
  };

  const onCanvasKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const result = pressKey(marker, event, photo);
    if (!result.handled) return;
    event.preventDefault();
    setKeyboard(true);
    setMarker(result.marker);
    if (result.rect) {
      surface.current?.live.rect(result.rect, tool);
      commit({ kind: "rect", tool, rect: result.rect });
    }
    if (result.event) setStatus(markerMessages[result.event]);
    else {
      // A move: where the crosshair is now (and how large the rectangle is), said as it goes.
      const at = markerPosition(result.marker, photo);
      setStatus(at.width === null || at.height === null ? t("crosshairAt", { x: at.x, y: at.y }) : t("crosshairSelecting", { x: at.x, y: at.y, width: at.width, height: at.height }));
    }
    // Keep the crosshair in sight when zoomed in.
    const rect = box.current?.getBoundingClientRect();
    if (rect && view.current.zoom > 1) {
      const scale = view.current.zoom * (rect.width / width);
      const sx = view.current.x + result.marker.cursor.x * scale;
      const sy = view.current.y + result.marker.cursor.y * scale;
      if (sx < 0 || sy < 0 || sx > rect.width || sy > rect.height) {
        applyView(clampView({ ...view.current, x: rect.width / 2 - result.marker.cursor.x * scale, y: rect.height / 2 - result.marker.cursor.y * scale }, rect));
      }
    }
  };

  // Undo and redo from anywhere inside the editor (not the page: its text fields have their own undo).
  const onEditorKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) doUndo();
    else if ((key === "z" && event.shiftKey) || (key === "y" && !event.shiftKey)) doRedo();
    else return;
    event.preventDefault();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    setFocused(true);
    try {
      if (event.currentTarget.matches(":focus-visible")) setKeyboard(true);
    } catch {
      // Older engines do not know :focus-visible; the first key shows the crosshair then.
    }
  };

  const long = Math.max(width, height);
  const arm = long / 30;
  const showMarker = focused && keyboard;
  const selection = marker.anchor ? rectBetween(marker.anchor, marker.cursor) : null;
  const blank = isBlank(history);
  const iconClass = "inline-flex size-5 *:size-full";

  return (
    <div className={`space-y-3 ${className}`} onKeyDown={onEditorKeyDown}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">{t("tools")}</legend>
          {(["brush", "eraser"] as const).map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-900 has-checked:border-primary-600 has-checked:bg-primary-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950"
            >
              <input type="radio" name={`${base}-tool`} value={option} checked={tool === option} onChange={() => setTool(option)} className="sr-only" />
              <span aria-hidden="true" className={iconClass}>
                {option === "brush" ? <Brush /> : <Eraser />}
              </span>
              {t(option)}
            </label>
          ))}
        </fieldset>
        <div className="flex min-w-48 flex-1 items-center gap-2">
          <label htmlFor={`${base}-size`} className="text-sm font-medium text-gray-900 dark:text-gray-100">
            {t("size")}
          </label>
          <input
            id={`${base}-size`}
            type="range"
            min={sizes.min}
            max={sizes.max}
            step={1}
            value={size}
            onChange={(event) => setSize(Number(event.target.value))}
            aria-valuetext={t("sizeValue", { size })}
            className="min-w-24 flex-1 accent-primary-600"
          />
          {/* Seen, not read: the slider's value text says the same. */}
          <span aria-hidden="true" className="w-16 text-sm text-gray-700 tabular-nums dark:text-gray-300">
            {t("sizeValue", { size })}
          </span>
        </div>
      </div>

      {/* Unavailable buttons are marked, not disabled, so the focus stays on the one just used (undo to the first step). */}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" color="gray" size="lg" leadingIcon={<Undo2 />} aria-label={t("undo")} title={t("undo")} aria-disabled={!canUndo(history) || undefined} onClick={doUndo} />
        <Button variant="outline" color="gray" size="lg" leadingIcon={<Redo2 />} aria-label={t("redo")} title={t("redo")} aria-disabled={!canRedo(history) || undefined} onClick={doRedo} />
        <Button variant="outline" color="gray" size="lg" leadingIcon={<Trash2 />} aria-disabled={blank || undefined} onClick={doClear}>
          {t("clear")}
        </Button>
        {/* The zoom buttons wrap as one group: on a phone they move to a row of their own, not one by one. */}
        <div className="ml-auto flex items-center gap-2">
          <Button variant="ghost" color="gray" size="lg" leadingIcon={<ZoomOut />} aria-label={t("zoomOut")} title={t("zoomOut")} aria-disabled={!zoomed || undefined} onClick={() => zoomBy(1 / 1.5)} />
          <Button variant="ghost" color="gray" size="lg" leadingIcon={<ZoomIn />} aria-label={t("zoomIn")} title={t("zoomIn")} onClick={() => zoomBy(1.5)} />
          <Button variant="ghost" color="gray" size="lg" leadingIcon={<Maximize />} aria-label={t("zoomReset")} title={t("zoomReset")} aria-disabled={!zoomed || undefined} onClick={resetZoom} />
        </div>
      </div>

      <div
        ref={box}
        role="application"
        aria-label={t("label")}
        aria-describedby={describedBy}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={onPointerLeave}
        onKeyDown={onCanvasKeyDown}
        onFocus={onFocus}
        onBlur={() => setFocused(false)}
        onContextMenu={(event) => event.preventDefault()}
        className="relative w-full cursor-crosshair overflow-hidden rounded-lg bg-gray-100 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:bg-gray-800 dark:focus-visible:outline-primary-400"
        // Layout that the drawing depends on stays inline: the box has the photo's shape, touches never scroll.
        style={{ aspectRatio: `${width} / ${height}`, touchAction: "none", position: "relative", overflow: "hidden" }}
      >
        <div ref={content} style={{ position: "absolute", inset: 0, transformOrigin: "0 0", willChange: "transform" }}>
          <PlainImage src={imageUrl} alt="" width={width} height={height} draggable={false} style={{ display: "block", width: "100%", height: "100%" }} />
          <svg aria-hidden="true" width="0" height="0" style={{ position: "absolute" }}>
            <filter id={`${base}-tint`} colorInterpolationFilters="sRGB">
              <feColorMatrix type="matrix" values={OVERLAY_MATRIX} />
            </filter>
          </svg>
          <canvas
            ref={canvas}
            width={width}
            height={height}
            style={{ position: "absolute", inset: 0, width: "100%", height: "100%", filter: `url(#${base}-tint)`, touchAction: "none" }}
          />
          <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" style={{ position: "absolute", inset: 0, width: "100%", height: "100%", pointerEvents: "none", overflow: "visible" }}>
            <circle ref={hover} r={size / 2} fill="none" stroke="#ffffff" strokeWidth={1.5} vectorEffect="non-scaling-stroke" style={{ display: "none" }} />
            {showMarker && selection && (
              <rect
                x={selection.x}
                y={selection.y}
                width={selection.width}
                height={selection.height}
                fill={tool === "brush" ? OVERLAY_COLOUR : "#ffffff"}
                fillOpacity={0.3}
                stroke="#ffffff"
                strokeWidth={2}
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
            )}
            {showMarker && (
              <g data-crosshair="">
                {[3.5, 1.5].map((w) => (
                  <path
                    key={w}
                    d={`M ${marker.cursor.x - arm} ${marker.cursor.y} H ${marker.cursor.x + arm} M ${marker.cursor.x} ${marker.cursor.y - arm} V ${marker.cursor.y + arm}`}
                    stroke={w > 2 ? "#000000" : "#ffffff"}
                    strokeWidth={w}
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
              </g>
            )}
          </svg>
        </div>
      </div>

      <div className="space-y-1 text-sm text-gray-700 dark:text-gray-300">
        <p id={`${base}-purpose`} className="font-medium text-gray-900 dark:text-gray-100">
          {purpose === "region" ? t("purposeRegion") : t("purposeSurface")} {blank ? t("nothingMarked") : ""}
        </p>
        <p id={`${base}-instructions`}>{t("instructions")}</p>
        <p role="status" className="sr-only">
          {status}
        </p>
      </div>
    </div>
  );
}
