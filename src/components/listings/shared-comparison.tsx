"use client";

import { useTranslations } from "next-intl";
import { ComparisonSlider, type SliderImage } from "@/components/ui/comparison-slider";

/** The before/after slider of a client link, with its spoken value in the page's language. */
export function SharedComparison({ before, after, style }: { before: SliderImage; after: SliderImage; style: string }) {
  const t = useTranslations("generation");
  return <ComparisonSlider before={before} after={after} label={t("compare", { style })} beforeLabel={t("before")} afterLabel={t("after")} valueText={(percent) => t("compareValue", { percent })} />;
}
