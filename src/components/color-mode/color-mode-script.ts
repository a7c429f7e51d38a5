export type ColorMode = "light" | "dark";
export type ColorModePreference = ColorMode | "system";

export const COLOR_MODE_STORAGE_KEY = "aranzer-color-mode";
export const DARK_QUERY = "(prefers-color-scheme: dark)";

export function parsePreference(value: string | null): ColorModePreference {
  return value === "light" || value === "dark" ? value : "system";
}

/**
 * Runs in <head> before the body paints, so the stored or device mode is on <html> from the first frame.
 * It must stay self-contained: it is inlined as text and cannot import anything.
 */
export const colorModeScript = `(()=>{let p;try{p=localStorage.getItem(${JSON.stringify(COLOR_MODE_STORAGE_KEY)})}catch{}const d=p==="dark"||(p!=="light"&&matchMedia(${JSON.stringify(DARK_QUERY)}).matches);const r=document.documentElement;r.classList.toggle("dark",d);r.style.colorScheme=d?"dark":"light"})()`;
