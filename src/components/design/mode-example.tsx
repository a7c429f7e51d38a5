"use client";

import { useTranslations } from "next-intl";
import { modeExampleOf, type ModeExample as Example } from "@/config/showcase";
import { PlainImage } from "@/components/ui/plain-image";
import { pageModeEdits, type PageMode } from "./mode-settings";

/** The example of a page mode (of the first of its modes that has one), or none. */
export function pageModeExample(mode: PageMode, exampleOf: typeof modeExampleOf = modeExampleOf): Example | undefined {
  for (const edit of pageModeEdits[mode] ?? []) {
    const example = exampleOf(edit);
    if (example) return example;
  }
  return undefined;
}

/**
 * What the chosen mode does, shown on a library photo before and after (made by `npm run showcase`): an AI
 * engine's example, or the local engine's labelled as a preview without AI; nothing for a mode without one.
 */
export function ModeExample(props: { mode: PageMode }) {
  const t = useTranslations("design.modeExample");
  const tModes = useTranslations("modes");
  const example = pageModeExample(props.mode);
  if (!example) return null;
  const name = tModes(`${props.mode}.name` as "restyle.name");
  const image = (src: string, alt: string) => <PlainImage src={src} alt={alt} width={example.width} height={example.height} loading="lazy" className="h-auto w-full rounded-md" />;
  return (
    <figure className="max-w-xl">
      <div className="grid grid-cols-2 gap-2">
        {image(example.before, t("before", { mode: name }))}
        {image(example.after, t("after", { mode: name }))}
      </div>
      <figcaption className="mt-1 text-sm text-gray-700 dark:text-gray-300">{example.ai ? t("caption", { mode: name }) : t("preview", { mode: name })}</figcaption>
    </figure>
  );
}
