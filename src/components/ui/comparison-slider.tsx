"use client";

import { ChevronsLeftRight } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { RetryingImage } from "./retrying-image";

export type SliderImage = { src: string; alt: string; width: number; height: number; srcSet?: string };

interface Props {
  before: SliderImage;
  after: SliderImage;
  /** The slider's accessible name, e.g. "Before and after: Scandinavian". */
  label: string;
  beforeLabel: string;
  afterLabel: string;
  /** Spoken value, e.g. "Divider at 40% of the width". */
  valueText: (percent: number) => string;
  initial?: number;
  /** The `sizes` of both images when they have a srcSet. */
  sizes?: string;
  /** The page's main image: fetched first; otherwise both images load lazily. */
  priority?: boolean;
  /** Fetched at once, at normal priority (a result someone is waiting for); otherwise lazily. */
  eager?: boolean;
  /** Drawn over both pictures, which share their coordinates (what the structure check found); it must take no pointer. */
  overlay?: ReactNode;
}

const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

const keySteps: Record<string, (value: number) => number> = {
  ArrowLeft: (v) => v - 5,
  ArrowDown: (v) => v - 5,
  ArrowRight: (v) => v + 5,
  ArrowUp: (v) => v + 5,
  PageDown: (v) => v - 20,
  PageUp: (v) => v + 20,
  Home: () => 0,
  End: () => 100,
};

/**
 * Before/after: the result lies over the original and shows right of the divider. The divider is a real
 * range input (keyboard, screen readers, switch access); on the picture a click or tap moves it straight
 * to that point (the single-pointer alternative to dragging, WCAG 2.5.7), and a drag follows the pointer.
 */
export function ComparisonSlider({ before, after, label, beforeLabel, afterLabel, valueText, initial = 50, sizes, priority, eager, overlay }: Props) {
  const loading = priority ? ({ fetchPriority: "high", loading: "eager" } as const) : ({ loading: eager ? "eager" : "lazy" } as const);
  const [position, setPosition] = useState(initial);
  const area = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const dragging = useRef(false);

  function moveTo(clientX: number) {
    const box = area.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(clamp(((clientX - box.left) / box.width) * 100));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault(); // no image drag ghost, no text selection
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    input.current?.focus({ preventScroll: true });
    moveTo(event.clientX);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const step = keySteps[event.key];
    if (!step) return;
    // Handled here rather than by the browser, so every browser moves by the same amounts.
    event.preventDefault();
    setPosition((value) => clamp(step(value)));
  }

  return (
    <div
      ref={area}
      onPointerDown={onPointerDown}
      onPointerMove={(event) => dragging.current && moveTo(event.clientX)}
      onPointerUp={() => (dragging.current = false)}
      onPointerCancel={() => (dragging.current = false)}
      // Vertical swipes still scroll the page on a phone; horizontal ones move the divider.
      className="group relative cursor-ew-resize touch-pan-y overflow-hidden rounded-lg bg-gray-100 select-none dark:bg-gray-800"
    >
      <RetryingImage {...loading} src={before.src} srcSet={before.srcSet} sizes={sizes} alt={before.alt} width={before.width} height={before.height} draggable={false} className="block h-auto w-full" />
      <RetryingImage
        {...loading}
        src={after.src}
        srcSet={after.srcSet}
        sizes={sizes}
        alt={after.alt}
        width={after.width}
        height={after.height}
        draggable={false}
        className="absolute inset-0 size-full object-cover"
        style={{ clipPath: `inset(0 0 0 ${position}%)` }}
        data-testid="comparison-after"
      />
      {overlay}
      <span aria-hidden="true" className="absolute top-2 left-2 rounded bg-gray-950/75 px-2 py-0.5 text-xs font-medium text-white">
        {beforeLabel}
      </span>
      <span aria-hidden="true" className="absolute top-2 right-2 rounded bg-gray-950/75 px-2 py-0.5 text-xs font-medium text-white">
        {afterLabel}
      </span>
      <input
        ref={input}
        type="range"
        min={0}
        max={100}
        step={1}
        value={position}
        aria-label={label}
        aria-valuetext={valueText(position)}
        onChange={(event) => setPosition(clamp(Number(event.target.value)))}
        onKeyDown={onKeyDown}
        className="peer sr-only"
      />
      <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.4)]" style={{ left: `${position}%` }} />
      {/* The knob follows the divider but stays whole inside the picture at either end. */}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 flex size-9 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-gray-900 shadow-md ring-1 ring-gray-900/20"
        style={{ left: `clamp(1.125rem, ${position}%, calc(100% - 1.125rem))` }}
      >
        <ChevronsLeftRight className="size-5" />
      </span>
      {/* The focus ring sits on the whole picture: the input itself is visually hidden. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 rounded-lg peer-focus-visible:outline-3 peer-focus-visible:-outline-offset-3 peer-focus-visible:outline-primary-600 dark:peer-focus-visible:outline-primary-400" />
    </div>
  );
}
