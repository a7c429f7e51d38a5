"use client";

import { memo, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type Ref } from "react";
import { useTranslations } from "next-intl";
import { PlainImage } from "@/components/ui/plain-image";
import { brushSizes } from "./brush-size";
import { canRedo, canUndo, isBlank } from "./history";
import { initialMarker, markerPosition, pressKey, type Marker, type MarkerEvent } from "./keyboard-rect";
import { MaskOverlay, MaskTint } from "./mask-overlay";
import { StepButtons, ToolPicker } from "./mask-toolbar";
import type { Tool } from "./ops";
import { useMaskEngine, type MaskEditorHandle } from "./use-mask-engine";
import { usePointerDrawing } from "./use-pointer-drawing";
import { useViewport } from "./use-viewport";
import type { Size } from "./view";

export type { MaskEditorHandle } from "./use-mask-engine";

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
  /** What is being marked, for the instructions: a region to remove or replace, walls / a floor, or the sky. */
  purpose: "region" | "surface" | "sky";
  className?: string;
  /** For Generate: the mask itself (encoded a moment after each change, so usually ready when asked for). */
  handle?: Ref<MaskEditorHandle>;
}

/**
 * Paint a mask over a photo: brush, eraser, size, undo / redo, clear; pinch to zoom; a rectangle by keyboard.
 * The drawing itself is the engine's (engine.ts); this is its shell. Memoised: the page re-renders with every
 * mask handed over (and whatever else changes), and the editor, its canvas and photo need not follow unless
 * its own props change.
 */
export const MaskEditor = memo(function MaskEditor(props: MaskEditorProps) {
  // Another photo is another mask: start afresh.
  return <Editor key={`${props.imageUrl} ${props.width}x${props.height}`} {...props} />;
});

function Editor({ imageUrl, width, height, onMarkedChange, purpose, className = "", handle }: MaskEditorProps) {
  const t = useTranslations("maskEditor");
  const photo: Size = { width, height };
  const sizes = brushSizes(photo);
  const base = useId();

  const [tool, setTool] = useState<Tool>("brush");
  const [size, setSize] = useState(sizes.initial);
  const [marker, setMarker] = useState<Marker>(() => initialMarker(photo));
  const [focused, setFocused] = useState(false);
  const [keyboard, setKeyboard] = useState(false);
  const [status, setStatus] = useState("");

  const canvas = useRef<HTMLCanvasElement>(null);
  const { engine, history } = useMaskEngine({ canvas, width, height, onMarkedChange, handle });
  const viewport = useViewport();
  const { box, content } = viewport;
  const { hover, handlers } = usePointerDrawing({ engine, viewport, photo, tool, size, onStart: () => setKeyboard(false) });

  // Said in the editor's live region: a second undo says it again (a trailing no-break space makes the text new).
  const say = (text: string) => setStatus((shown) => (shown === text ? `${text}\u00a0` : text));
  const doUndo = () => void (engine.current?.undo() && say(t("undone")));
  const doRedo = () => void (engine.current?.redo() && say(t("redone")));
  // Shown as unavailable on a blank mask (marked, not disabled): a press then changes nothing, not even the history.
  const doClear = () => void (engine.current?.clear() && say(t("cleared")));

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
    if (result.rect) engine.current?.rect(result.rect, tool);
    if (result.event) setStatus(markerMessages[result.event]);
    else {
      // A move: where the crosshair is now (and how large the rectangle is), said as it goes.
      const at = markerPosition(result.marker, photo);
      setStatus(at.width === null || at.height === null ? t("crosshairAt", { x: at.x, y: at.y }) : t("crosshairSelecting", { x: at.x, y: at.y, width: at.width, height: at.height }));
    }
    // Keep the crosshair in sight when zoomed in.
    viewport.reveal(result.marker.cursor, width);
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

  const blank = isBlank(history);

  return (
    <div className={`space-y-3 ${className}`} onKeyDown={onEditorKeyDown}>
      <ToolPicker name={base} tool={tool} onTool={setTool} size={size} sizes={sizes} onSize={setSize} />
      <StepButtons
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        blank={blank}
        zoomed={viewport.zoomed}
        onUndo={doUndo}
        onRedo={doRedo}
        onClear={doClear}
        onZoom={viewport.zoomBy}
        onZoomReset={viewport.reset}
      />

      <div
        ref={box}
        role="application"
        aria-label={t("label")}
        aria-describedby={`${base}-purpose ${base}-instructions`}
        tabIndex={0}
        {...handlers}
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
          <MaskTint id={`${base}-tint`} />
          <canvas
            ref={canvas}
            width={width}
            height={height}
            style={{ position: "absolute", inset: 0, width: "100%", height: "100%", filter: `url(#${base}-tint)`, touchAction: "none" }}
          />
          <MaskOverlay width={width} height={height} hover={hover} size={size} marker={focused && keyboard ? marker : null} tool={tool} />
        </div>
      </div>

      <div className="space-y-1 text-sm text-gray-700 dark:text-gray-300">
        <p id={`${base}-purpose`} className="font-medium text-gray-900 dark:text-gray-100">
          {t(purpose === "region" ? "purposeRegion" : purpose === "sky" ? "purposeSky" : "purposeSurface")} {blank ? t("nothingMarked") : ""}
        </p>
        <p id={`${base}-instructions`}>{t("instructions")}</p>
        <p role="status" className="sr-only">
          {status}
        </p>
      </div>
    </div>
  );
}
