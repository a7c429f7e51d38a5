"use client";

import { Monitor, Moon, Sun, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import * as ToggleGroup from "@radix-ui/react-toggle-group";
import type { ColorModePreference } from "./color-mode-script";
import { useColorMode } from "./color-mode-provider";

const options: { value: ColorModePreference; icon: LucideIcon }[] = [
  { value: "light", icon: Sun },
  { value: "dark", icon: Moon },
  { value: "system", icon: Monitor },
];

function isPreference(value: string): value is ColorModePreference {
  return options.some((option) => option.value === value);
}

export function ColorModeSwitch({ className = "" }: { className?: string }) {
  const t = useTranslations("ui.colorMode");
  const { preference, setPreference } = useColorMode();

  return (
    <ToggleGroup.Root
      type="single"
      value={preference}
      // Radix reports "" when the pressed item is clicked again; a preference is always selected.
      onValueChange={(value) => isPreference(value) && setPreference(value)}
      aria-label={t("label")}
      className={`inline-flex gap-0.5 rounded-md bg-gray-100 p-0.5 dark:bg-gray-800 ${className}`}
    >
      {options.map(({ value, icon: Icon }) => (
        <ToggleGroup.Item
          key={value}
          value={value}
          aria-label={t(value)}
          title={t(value)}
          className="inline-flex size-8 items-center justify-center rounded text-gray-600 outline-none transition-colors hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-primary-600 data-[state=on]:bg-white data-[state=on]:text-gray-900 data-[state=on]:shadow-sm dark:text-gray-300 dark:hover:text-white dark:focus-visible:ring-primary-400 dark:data-[state=on]:bg-gray-950 dark:data-[state=on]:text-white"
        >
          <Icon aria-hidden className="size-4" />
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
