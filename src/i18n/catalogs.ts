import { locales, type Locale } from "@/config/routes";
import en from "../../messages/en.json";
import pl from "../../messages/pl.json";

/** The shape of messages/*.json (scripts/check-messages.mjs keeps the two files' keys equal). */
export type Messages = typeof pl;

/** Every language's messages, for next-intl's request config and for code that translates outside a request (e-mails). */
export const catalogs: Readonly<Record<Locale, Messages>> = { pl, en };

/**
 * One value per language, made once: for translators (createTranslator) of code that translates outside a
 * request on every call, such as the signed-in pages' person data, so that each message is compiled once per
 * process instead of once per call. The catalogs never change while the process runs.
 */
export function perLocale<T>(make: (locale: Locale) => T): Readonly<Record<Locale, T>> {
  return Object.fromEntries(locales.map((locale) => [locale, make(locale)])) as Record<Locale, T>;
}
