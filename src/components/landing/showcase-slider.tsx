"use client";

import { ComparisonSlider } from "@/components/ui/comparison-slider";
import { showcase, showcaseSrc, showcaseSrcSet, type ShowcaseStyleId } from "@/config/showcase";

export type ShowcaseSliderTexts = {
  beforeAlt: string;
  afterAlt: string;
  label: string;
  beforeLabel: string;
  afterLabel: string;
  /** The spoken value with `{percent}` left in it, filled in here (a function cannot cross from the server). */
  valueTemplate: string;
};

/** A before/after slider of one ready-made example (src/config/showcase.ts), for pages that ship no i18n runtime. */
export function ShowcaseSlider({
  photoId,
  styleId,
  texts,
  sizes,
  priority,
}: {
  photoId: string;
  styleId: ShowcaseStyleId;
  texts: ShowcaseSliderTexts;
  sizes: string;
  priority?: boolean;
}) {
  const size = showcase.photos[photoId];
  if (!size) return null;
  const image = (variant: "before" | ShowcaseStyleId, alt: string) => ({
    src: showcaseSrc(photoId, variant, 1024),
    srcSet: showcaseSrcSet(photoId, variant),
    alt,
    ...size,
  });
  return (
    <ComparisonSlider
      // A new pair starts in the middle again.
      key={`${photoId}/${styleId}`}
      before={image("before", texts.beforeAlt)}
      after={image(styleId, texts.afterAlt)}
      label={texts.label}
      beforeLabel={texts.beforeLabel}
      afterLabel={texts.afterLabel}
      valueText={(percent) => texts.valueTemplate.replace("{percent}", String(percent))}
      sizes={sizes}
      priority={priority}
    />
  );
}
