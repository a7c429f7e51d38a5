import type { ReactNode } from "react";
import { layoutLabels } from "@/web/server/layout-labels";
import { LayoutLabelsProvider } from "@/components/ui/layout-labels-context";

/** For unit tests of client components that read the layout's labels: the Polish ones, as the layout builds them. */
export const polishLayoutLabels = layoutLabels("pl");

export function withLayoutLabels(ui: ReactNode) {
  return <LayoutLabelsProvider labels={polishLayoutLabels}>{ui}</LayoutLabelsProvider>;
}
