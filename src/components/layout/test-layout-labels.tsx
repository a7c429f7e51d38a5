import type { ReactNode } from "react";
import pl from "../../../messages/pl.json";
import { layoutLabels } from "@/web/layout-labels";
import { LayoutLabelsProvider } from "./layout-labels-context";

/** For unit tests of client components that read the layout's labels: the Polish ones, as the layout builds them. */
export const polishLayoutLabels = layoutLabels("pl", pl);

export function withLayoutLabels(ui: ReactNode) {
  return <LayoutLabelsProvider labels={polishLayoutLabels}>{ui}</LayoutLabelsProvider>;
}
