import type { Locale } from "@/config/routes";

/** The sign-up form passes a localized callback path (/confirm or /en/confirm): the user's language at sign-up. */
export function localeFromCallback(callbackURL: string | null | undefined): Locale | null {
  if (!callbackURL) return null;
  const pathname = callbackURL.startsWith("/") ? callbackURL : safePathname(callbackURL);
  if (pathname === null) return null;
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : "pl";
}

function safePathname(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}
