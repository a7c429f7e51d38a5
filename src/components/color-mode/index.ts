export { colorModeScript, COLOR_MODE_STORAGE_KEY, type ColorMode, type ColorModePreference } from "./color-mode-script";
export { ColorModeProvider, ForceColorMode, useColorMode } from "./color-mode-provider";
export { ColorModeSwitch } from "./color-mode-switch";
