"use client";

import { createContext, useCallback, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import {
  COLOR_MODE_STORAGE_KEY,
  DARK_QUERY,
  parsePreference,
  type ColorMode,
  type ColorModePreference,
} from "./color-mode-script";

const listeners = new Set<() => void>();

// When storage is blocked (privacy modes) the choice still applies, for as long as the page lives.
let unsavedPreference: ColorModePreference | null = null;

function subscribePreference(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === COLOR_MODE_STORAGE_KEY || event.key === null) onChange();
  };
  listeners.add(onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

function readPreference(): ColorModePreference {
  if (unsavedPreference) return unsavedPreference;
  try {
    return parsePreference(localStorage.getItem(COLOR_MODE_STORAGE_KEY));
  } catch {
    return "system";
  }
}

function writePreference(preference: ColorModePreference) {
  try {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference);
    unsavedPreference = null;
  } catch {
    unsavedPreference = preference;
  }
  listeners.forEach((listener) => listener());
}

function subscribeSystem(onChange: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

const readSystem = (): ColorMode => (window.matchMedia(DARK_QUERY).matches ? "dark" : "light");

// The server cannot know either value; null keeps hydration consistent and tells the effect to leave <html> alone.
const unknownOnServer = () => null;

interface ColorModeContextValue {
  preference: ColorModePreference;
  /** Undefined while the server renders and the page hydrates: only the browser knows the device setting. */
  mode: ColorMode | undefined;
  setPreference: (preference: ColorModePreference) => void;
  force: (mode: ColorMode) => () => void;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const stored = useSyncExternalStore(subscribePreference, readPreference, unknownOnServer);
  const system = useSyncExternalStore(subscribeSystem, readSystem, unknownOnServer);
  const [forced, setForced] = useState<{ mode: ColorMode }[]>([]);

  const preference = stored ?? "system";
  const chosen = stored === null || system === null ? undefined : preference === "system" ? system : preference;
  const mode = forced.at(-1)?.mode ?? chosen;

  useLayoutEffect(() => {
    if (!mode) return;
    const root = document.documentElement;
    root.classList.toggle("dark", mode === "dark");
    root.style.colorScheme = mode;
  }, [mode]);

  const force = useCallback((forcedMode: ColorMode) => {
    // An object per caller, so two pages forcing the same mode release independently.
    const entry = { mode: forcedMode };
    setForced((stack) => [...stack, entry]);
    return () => setForced((stack) => stack.filter((item) => item !== entry));
  }, []);

  return (
    <ColorModeContext value={{ preference, mode, setPreference: writePreference, force }}>
      {children}
    </ColorModeContext>
  );
}

function useColorModeContext(caller: string): ColorModeContextValue {
  const context = useContext(ColorModeContext);
  if (!context) throw new Error(`${caller} must be used inside <ColorModeProvider>.`);
  return context;
}

export function useColorMode(): Pick<ColorModeContextValue, "preference" | "mode" | "setPreference"> {
  const { preference, mode, setPreference } = useColorModeContext("useColorMode");
  return { preference, mode, setPreference };
}

/** Forces light or dark while mounted; "system" is not a mode that can be forced. */
export function ForceColorMode({ mode }: { mode: ColorModePreference }) {
  const { force } = useColorModeContext("ForceColorMode");
  // A layout effect, so a client-side navigation paints the page in its forced mode from the first frame.
  useLayoutEffect(() => {
    if (mode === "system") {
      console.warn('ForceColorMode: "system" cannot be forced; pass "light" or "dark". The colour mode is left as it is.');
      return;
    }
    return force(mode);
  }, [mode, force]);
  return null;
}
