"use client";

import type { ComponentPropsWithRef } from "react";
import { setConsentSettingsOpen } from "./settings-store";

/** The footer's permanent way back to the cookie settings, to change or withdraw consent at any time. */
export function CookieSettingsButton(props: Omit<ComponentPropsWithRef<"button">, "type" | "onClick">) {
  return <button {...props} type="button" onClick={() => setConsentSettingsOpen(true)} />;
}
