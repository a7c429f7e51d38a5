export const shades = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

export type Shade = (typeof shades)[number];
export type Scale = Readonly<Record<Shade, string>>;

/*
 * Every primary-capable scale keeps white text legible on 600 and 700 (WCAG AA, 4.5:1),
 * which is why 600 is darker than in Tailwind's stock palettes; palettes.test.ts checks it.
 */
export const palettes = {
  sunsetOrange: {
    50: "#fff5ed", 100: "#fee8d9", 200: "#fed2b6", 300: "#ffb487", 400: "#ff8f4d", 500: "#f56d07",
    600: "#bd4d00", 700: "#a13b00", 800: "#842c02", 900: "#6f2206", 950: "#471102",
  },
  aquaBlue: {
    50: "#ebfafc", 100: "#d3f4f8", 200: "#a8eaf3", 300: "#6adaeb", 400: "#05c7df", 500: "#02aec6",
    600: "#087f93", 700: "#01697c", 800: "#005768", 900: "#014857", 950: "#002c37",
  },
  deepMagenta: {
    50: "#fff3f8", 100: "#fee5ef", 200: "#ffcce2", 300: "#fea9d2", 400: "#ff7ec3", 500: "#ff41b6",
    600: "#cb028e", 700: "#a90578", 800: "#870c61", 900: "#6e1251", 950: "#460633",
  },
  midnightBlue: {
    50: "#f3f7fe", 100: "#e4edfe", 200: "#ccddfe", 300: "#adc7ff", 400: "#8eaeff", 500: "#7094ff",
    600: "#4f6bd2", 700: "#4458ae", 800: "#38468b", 900: "#303a71", 950: "#1c2249",
  },
  goldenAmber: {
    50: "#fbf7e8", 100: "#f7edcd", 200: "#f2da9e", 300: "#edc15d", 400: "#e2a508", 500: "#cb8e0a",
    600: "#9c6803", 700: "#855400", 800: "#6d4202", 900: "#5e3401", 950: "#3b1e01",
  },
  coolGray: {
    50: "#f8fafd", 100: "#f1f4f8", 200: "#e4e8ec", 300: "#d1d5db", 400: "#9ba1aa", 500: "#6b727d",
    600: "#4d5561", 700: "#3a414c", 800: "#232933", 900: "#141822", 950: "#04070f",
  },
  green: {
    50: "#eefbee", 100: "#d9f6db", 200: "#b4edba", 300: "#82e192", 400: "#48cf6e", 500: "#00ba56",
    600: "#04853f", 700: "#056f36", 800: "#045d2f", 900: "#034d27", 950: "#003016",
  },
  cool: {
    50: "#f9fafb", 100: "#f3f4f6", 200: "#e5e7eb", 300: "#d1d5db", 400: "#9ca3af", 500: "#6b7280",
    600: "#4b5563", 700: "#374151", 800: "#1f2937", 900: "#111827", 950: "#030712",
  },
} as const satisfies Record<string, Scale>;

export type PaletteName = keyof typeof palettes;

export const fallbackPalettes = { primary: "green", gray: "cool" } as const satisfies Record<string, PaletteName>;

/** Names arrive as plain strings because a theme may come from configuration, not only from code. */
export interface ThemeChoice {
  primary: string;
  gray: string;
}

export interface Theme {
  primary: Scale;
  gray: Scale;
}

function isPaletteName(name: string): name is PaletteName {
  return Object.hasOwn(palettes, name);
}

function pick(role: keyof ThemeChoice, name: string, warn: (message: string) => void): Scale {
  if (isPaletteName(name)) return palettes[name];
  const fallback = fallbackPalettes[role];
  warn(
    `Unknown ${role} colour "${name}", falling back to "${fallback}". Known palettes: ${Object.keys(palettes).join(", ")}.`,
  );
  return palettes[fallback];
}

export function resolveTheme(choice: ThemeChoice, warn: (message: string) => void = console.warn): Theme {
  return { primary: pick("primary", choice.primary, warn), gray: pick("gray", choice.gray, warn) };
}

/** The custom properties that globals.css maps onto Tailwind's --color-primary-* and --color-gray-*. */
export function themeCss(theme: Theme): string {
  const declarations = (["primary", "gray"] as const).flatMap((role) =>
    shades.map((shade) => `--ui-${role}-${shade}:${theme[role][shade]}`),
  );
  return `:root{${declarations.join(";")}}`;
}
