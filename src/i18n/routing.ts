import { defineRouting } from "next-intl/routing";
import { defaultLocale, locales, routes, type RouteKey } from "@/config/routes";

const pathnames = Object.fromEntries(
  Object.entries(routes).map(([key, def]) => [key, { pl: def.pl, en: def.en }]),
) as { [K in RouteKey]: { pl: string; en: string } };

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: "as-needed",
  pathnames,
  // A year: the language a reader picked is a preference, not a session detail.
  localeCookie: { name: "NEXT_LOCALE", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" },
  // hreflang goes into <head> by generateMetadata, where the root English legal paths are known.
  alternateLinks: false,
});
