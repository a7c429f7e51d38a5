import type { Ref } from "react";
import type { Marker } from "./keyboard-rect";
import { rectBetween } from "./keyboard-rect";
import type { Tool } from "./ops";
import { OVERLAY_COLOUR, OVERLAY_MATRIX } from "./surface";

/** The filter that tints the white mask canvas (`url(#<id>)`). */
export function MaskTint({ id }: { id: string }) {
  return (
    <svg aria-hidden="true" width="0" height="0" style={{ position: "absolute" }}>
      <filter id={id} colorInterpolationFilters="sRGB">
        <feColorMatrix type="matrix" values={OVERLAY_MATRIX} />
      </filter>
    </svg>
  );
}

/**
 * Over the mask, in the photo's pixels: the brush's outline under a hovering pointer (moved without a render),
 * and the keyboard's crosshair with the rectangle being marked.
 */
export function MaskOverlay({ width, height, hover, size, marker, tool }: { width: number; height: number; hover: Ref<SVGCircleElement>; size: number; marker: Marker | null; tool: Tool }) {
  const selection = marker?.anchor ? rectBetween(marker.anchor, marker.cursor) : null;
  const arm = Math.max(width, height) / 30;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true" style={{ position: "absolute", inset: 0, width: "100%", height: "100%", pointerEvents: "none", overflow: "visible" }}>
      <circle ref={hover} r={size / 2} fill="none" stroke="#ffffff" strokeWidth={1.5} vectorEffect="non-scaling-stroke" style={{ display: "none" }} />
      {selection && (
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
      {marker && (
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
  );
}
