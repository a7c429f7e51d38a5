"use client";

import { DATA_LAYER } from "@/config/consent";

type DataLayerWindow = Window & { [DATA_LAYER]?: unknown[] };

/**
 * Pushes an event to the analytics data layer, the array that the consent script starts and Tag Manager
 * reads (src/config/consent.ts). Tag Manager loads only after the visitor consents to analytics; until
 * then events wait in the array, and without consent they never leave the page.
 */
export function pushDataLayer(event: Record<string, unknown>) {
  const w = window as DataLayerWindow;
  w[DATA_LAYER] = w[DATA_LAYER] ?? [];
  w[DATA_LAYER].push(event);
}
