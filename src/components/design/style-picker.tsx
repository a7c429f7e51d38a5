"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { MAX_STYLES_PER_BATCH, RECOMMENDED_STYLES } from "@/config/generation";
import { styleCardsAreAi } from "@/config/showcase";
import type { StyleId } from "@/config/styles";
import { PlainImage } from "@/components/ui/plain-image";
import { useCatalogNames } from "@/components/generations/catalog-names";
import type { StyleOption } from "./choice";

interface Props {
  styles: readonly StyleOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** Its number among the page's steps. */
  step: number;
  /**
   * The mode has a list of styles of its own (a facade's, a garden's): the catalogue's room pictures and words do
   * not fit it, so each style shows its name alone.
   */
  namesOnly?: boolean;
}

/**
 * The styles as a native checkbox group. Each card is one label (its name), the description is read as
 * the checkbox's description; the label stretches over the card so a click anywhere on it ticks it.
 * At the limit the unticked boxes are disabled and a sentence says why. Pictures not made by an AI engine
 * (the shipped ones, until `npm run showcase` runs with one) are said to be previews.
 */
export function StylePicker({ styles, selected, onChange, step, namesOnly = false }: Props) {
  const t = useTranslations("design");
  const tStyles = useTranslations("styles");
  const names = useCatalogNames();
  const hintId = useId();
  const base = useId();
  const full = selected.length >= MAX_STYLES_PER_BATCH;

  function toggle(id: string, on: boolean) {
    // Kept in catalogue order, so the request and the results list the styles as the page does.
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(styles.map((s) => s.id).filter((s) => next.has(s)));
  }

  return (
    <fieldset aria-describedby={hintId}>
      <legend>
        <h2 className="text-xl font-semibold text-gray-950 dark:text-white">{t("step", { number: step, title: t("stylesLegend") })}</h2>
      </legend>
      <div id={hintId} className="mt-1 space-y-1 text-sm">
        <p className="text-gray-700 dark:text-gray-300">{t("stylesHint", { min: RECOMMENDED_STYLES.min, max: RECOMMENDED_STYLES.max, limit: Math.min(MAX_STYLES_PER_BATCH, styles.length) })}</p>
        <p className="font-medium text-gray-900 dark:text-gray-100">{t("stylesSelected", { count: selected.length })}</p>
        {full && <p className="font-medium text-amber-800 dark:text-amber-200">{t("stylesLimit", { limit: MAX_STYLES_PER_BATCH })}</p>}
        {!namesOnly && !styleCardsAreAi(styles.map((style) => style.id)) && <p className="text-gray-700 dark:text-gray-300">{t("stylesPreviewNote")}</p>}
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {styles.map((style) => {
          const checked = selected.includes(style.id);
          const inputId = `${base}-${style.id}`;
          // A style the messages do not describe (yet) shows without a description.
          const key = `${style.id as StyleId}.description` as const;
          const description = !namesOnly && tStyles.has(key) ? tStyles(key) : "";
          return (
            <div
              key={style.id}
              className="choice-ring relative flex flex-col bg-white has-disabled:opacity-60 dark:bg-gray-900"
            >
              {!namesOnly && <PlainImage src={style.thumbnail} alt="" width={240} height={160} loading="lazy" className="aspect-3/2 w-full bg-gray-100 object-cover dark:bg-gray-800" />}
              <div className="flex flex-1 flex-col gap-1 p-2">
                <div className="flex items-start gap-2">
                  <input
                    id={inputId}
                    type="checkbox"
                    name="styles"
                    value={style.id}
                    checked={checked}
                    disabled={full && !checked}
                    onChange={(event) => toggle(style.id, event.target.checked)}
                    aria-describedby={description ? `${inputId}-description` : undefined}
                    className="mt-0.5 size-4 shrink-0 accent-primary-600 focus-visible:outline-none"
                  />
                  <label htmlFor={inputId} className="cursor-pointer text-sm font-medium text-gray-950 before:absolute before:inset-0 dark:text-white">
                    {names.style(style.id)}
                  </label>
                </div>
                {description && (
                  <p id={`${inputId}-description`} className="text-xs text-gray-700 dark:text-gray-300">
                    {description}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
