"use client";

type DataLayerWindow = Window & { dataLayer?: Record<string, unknown>[] };

/**
 * Pushes an event to the analytics data layer (the specification's default name `dataLayer`). The tag
 * manager reads it only after the visitor consents; until then events wait in the array.
 */
export function pushDataLayer(event: Record<string, unknown>) {
  const w = window as DataLayerWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(event);
}
