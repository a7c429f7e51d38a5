"use client";

import { useId, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { textCap } from "./mode-settings";

/* The mode panels' small inputs: radio groups, a text with its character count, a hex colour. */

export const radioLook = "option-tile items-start has-disabled:cursor-not-allowed has-disabled:opacity-60";
// No width here: each field says its own (a Tailwind width added to one that has w-full would lose to it).
export const inputLook =
  "mt-1 block rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100";
export const radioInput = "mt-0.5 size-4 shrink-0 accent-primary-600";

export function Radios<T extends string>(props: { legend: string; name: string; values: readonly T[]; value: T; label: (value: T) => ReactNode; onChange: (value: T) => void; disabled?: (value: T) => boolean }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-900 dark:text-gray-100">{props.legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {props.values.map((value) => (
          <label key={value} className={radioLook}>
            <input
              type="radio"
              name={props.name}
              value={value}
              checked={props.value === value}
              disabled={props.disabled?.(value)}
              onChange={() => props.onChange(value)}
              className={radioInput}
            />
            <span>{props.label(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function TextInput(props: { label: string; value: string; max: number; onChange: (value: string) => void; placeholder?: string; multiline?: boolean }) {
  const t = useTranslations("design");
  const id = useId();
  const Field = props.multiline ? "textarea" : "input";
  const over = props.value.length - props.max;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {props.label}
      </label>
      <Field
        id={id}
        value={props.value}
        placeholder={props.placeholder}
        aria-describedby={`${id}-count`}
        maxLength={textCap(props.max)}
        aria-invalid={over > 0 || undefined}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${inputLook} w-full`}
        {...(props.multiline ? { rows: 2 } : { type: "text" })}
      />
      <p id={`${id}-count`} className={`mt-1 text-xs ${over > 0 ? "font-medium text-red-700 dark:text-red-400" : "text-gray-700 dark:text-gray-300"}`}>
        {over > 0 ? t("charactersOver", { count: over, max: props.max }) : t("charactersLeft", { count: props.max - props.value.length })}
      </p>
    </div>
  );
}

export function HexInput({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useTranslations("design");
  const id = useId();
  const valid = /^#?[0-9a-fA-F]{6}$/.test(value.trim());
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-900 dark:text-gray-100">
        {t("hexLabel")}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={id}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          maxLength={7}
          aria-invalid={!valid}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputLook} mt-0 w-32 font-mono`}
        />
        <span aria-hidden="true" className="size-9 rounded-lg border border-gray-300 dark:border-gray-600" style={{ backgroundColor: valid ? `#${value.trim().replace("#", "")}` : "transparent" }} />
      </div>
      <p id={`${id}-hint`} className={`mt-1 text-xs ${valid ? "text-gray-700 dark:text-gray-300" : "text-red-700 dark:text-red-400"}`}>
        {valid ? t("hexHint") : t("hexInvalid")}
      </p>
    </div>
  );
}
