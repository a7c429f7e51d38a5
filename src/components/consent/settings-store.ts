"use client";

import { useSyncExternalStore } from "react";

// Whether the settings dialog is open. A module-level store, because the footer's button (rendered by a
// server component) and the banner open the dialog that the layout mounts once.
let open = false;
const listeners = new Set<() => void>();

export function setConsentSettingsOpen(next: boolean) {
  open = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => false);
}
