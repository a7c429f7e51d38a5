"use client";

import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export const sourceKinds = ["upload", "library", "gallery"] as const;
export type SourceKind = (typeof sourceKinds)[number];

interface Props {
  label: string;
  active: SourceKind;
  onChange: (kind: SourceKind) => void;
  tabs: Record<SourceKind, { label: string; icon: ReactNode; panel: ReactNode }>;
}

/**
 * The three ways to get an image, as tabs (WAI-ARIA tabs pattern: one tab stop, arrows move between
 * tabs and show their panel). Panels stay mounted, so an upload in progress survives a look at the library.
 */
export function SourceTabs({ label, active, onChange, tabs }: Props) {
  const base = useId();
  const buttons = useRef<Partial<Record<SourceKind, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = sourceKinds.indexOf(active);
    const next =
      event.key === "ArrowRight" ? sourceKinds[(index + 1) % sourceKinds.length]
      : event.key === "ArrowLeft" ? sourceKinds[(index + sourceKinds.length - 1) % sourceKinds.length]
      : event.key === "Home" ? sourceKinds[0]
      : event.key === "End" ? sourceKinds[sourceKinds.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    buttons.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="inline-flex w-full rounded-lg bg-gray-100 p-1 sm:w-auto dark:bg-gray-800">
        {sourceKinds.map((kind) => {
          const selected = kind === active;
          return (
            <button
              key={kind}
              ref={(el) => {
                buttons.current[kind] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-${kind}-tab`}
              aria-selected={selected}
              aria-controls={`${base}-${kind}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(kind)}
              onKeyDown={onKeyDown}
              className={`inline-flex min-h-10 flex-1 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 sm:flex-none dark:focus-visible:outline-primary-400 ${
                selected ? "bg-white text-gray-950 shadow-sm dark:bg-gray-950 dark:text-white" : "text-gray-700 hover:text-gray-950 dark:text-gray-300 dark:hover:text-white"
              }`}
            >
              <span aria-hidden="true" className="inline-flex size-4 *:size-full">
                {tabs[kind].icon}
              </span>
              {tabs[kind].label}
            </button>
          );
        })}
      </div>
      {sourceKinds.map((kind) => (
        <div key={kind} role="tabpanel" id={`${base}-${kind}-panel`} aria-labelledby={`${base}-${kind}-tab`} hidden={kind !== active} className="mt-4">
          {tabs[kind].panel}
        </div>
      ))}
    </div>
  );
}
