"use client";

import { useId } from "react";
import { Monitor, Moon, Sun, type LucideIcon } from "lucide-react";
import { useLayoutLabels } from "@/components/ui/layout-labels-context";
import type { ColorModePreference } from "./color-mode-script";
import { useColorMode } from "./color-mode-provider";

const options: { value: ColorModePreference; icon: LucideIcon }[] = [
  { value: "light", icon: Sun },
  { value: "dark", icon: Moon },
  { value: "system", icon: Monitor },
];

/**
 * Three native radio buttons drawn as a segmented control: the browser gives them their keyboard handling
 * (Tab into the group, arrows to choose) and their semantics, so this header part needs no library.
 */
export function ColorModeSwitch({ className = "" }: { className?: string }) {
  const t = useLayoutLabels().colorMode;
  const { preference, setPreference } = useColorMode();
  const name = useId(); // the header and the mobile menu each have a switch; their radios must not share a group

  return (
    <fieldset role="radiogroup" className={`inline-flex gap-0.5 rounded-md bg-gray-100 p-0.5 dark:bg-gray-800 ${className}`}>
      <legend className="sr-only">{t.label}</legend>
      {options.map(({ value, icon: Icon }) => (
        <label
          key={value}
          title={t[value]}
          className="inline-flex size-8 cursor-pointer items-center justify-center rounded text-gray-600 transition-colors hover:text-gray-900 has-checked:bg-white has-checked:text-gray-900 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-primary-600 dark:text-gray-300 dark:hover:text-white dark:has-checked:bg-gray-950 dark:has-checked:text-white dark:has-focus-visible:ring-primary-400"
        >
          <input
            type="radio"
            name={name}
            value={value}
            checked={preference === value}
            onChange={() => setPreference(value)}
            className="sr-only"
          />
          <Icon aria-hidden className="size-4" />
          <span className="sr-only">{t[value]}</span>
        </label>
      ))}
    </fieldset>
  );
}
