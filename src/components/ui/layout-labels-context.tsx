"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { LayoutLabels } from "@/web/shared/layout-labels";

const LayoutLabelsContext = createContext<LayoutLabels | null>(null);

/** Hands the layout's server-translated labels (src/web/server/layout-labels.ts) to its client components. */
export function LayoutLabelsProvider({ labels, children }: { labels: LayoutLabels; children: ReactNode }) {
  return <LayoutLabelsContext value={labels}>{children}</LayoutLabelsContext>;
}

export function useLayoutLabels(): LayoutLabels {
  const labels = useContext(LayoutLabelsContext);
  if (!labels) throw new Error("useLayoutLabels needs a LayoutLabelsProvider above it (app/[locale]/layout.tsx)");
  return labels;
}
