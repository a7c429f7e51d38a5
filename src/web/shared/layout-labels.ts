import type { Locale } from "@/config/routes";

/**
 * The texts the layout's client components show (header switches, menus, dialogs, toasts, the error
 * boundary), translated on the server. The browser gets these strings and not next-intl's runtime and
 * message parser, which pages without forms would otherwise load only to look up fixed labels.
 */
export type LayoutLabels = {
  locale: Locale;
  ui: { close: string; confirm: string; cancel: string; notifications: string };
  colorMode: { label: string; light: string; dark: string; system: string };
  nav: { openMenu: string; menuTitle: string; mainNavigation: string; social: string; switchTo: string; switchToLabel: string };
  social: { instagram: string; facebook: string; linkedin: string };
  errors: { errorTitle: string; generic: string; retry: string; backHome: string };
};
