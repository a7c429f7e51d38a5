import { useEffect, useImperativeHandle, useRef, useState, type Ref, type RefObject } from "react";
import { browserPlatform } from "./browser-platform";
import { createMaskEngine, type MaskEngine } from "./engine";
import { emptyHistory, type History } from "./history";
import { createCanvasMask } from "./surface";

export interface MaskEditorHandle {
  /**
   * The mask as painted now, a PNG (white = edit on black, width × height), or null when nothing is marked;
   * encoded at once if a change is still waiting for its export.
   */
  currentMask: () => Promise<Blob | null>;
}

/** The drawing engine over the editor's canvas, its steps as state for the buttons, and the handle for Generate. */
export function useMaskEngine(options: { canvas: RefObject<HTMLCanvasElement | null>; width: number; height: number; onMarkedChange?: (marked: boolean) => void; handle?: Ref<MaskEditorHandle> }) {
  const { canvas, width, height, onMarkedChange, handle } = options;
  const [history, setHistory] = useState<History>(emptyHistory);
  const engine = useRef<MaskEngine | null>(null);
  const onMarked = useRef(onMarkedChange);
  useEffect(() => {
    onMarked.current = onMarkedChange;
  }, [onMarkedChange]);

  useEffect(() => {
    const surface = canvas.current ? createCanvasMask(canvas.current, width, height, browserPlatform) : null;
    const made = createMaskEngine({ surface, onHistory: setHistory, onMarked: (marked) => onMarked.current?.(marked) });
    engine.current = made;
    onMarked.current?.(false);
    // An export still encoding is dropped.
    return () => made.dispose();
  }, [canvas, width, height]);

  useImperativeHandle(handle, () => ({ currentMask: () => engine.current?.currentMask() ?? Promise.resolve(null) }), []);
  return { engine, history };
}
