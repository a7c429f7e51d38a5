import { createTranslator } from "next-intl";
import type { Locale } from "@/config/routes";
import { catalogs, perLocale } from "@/i18n/catalogs";
import { slugify } from "./slugify";

const translators = perLocale((locale) => createTranslator({ locale, messages: catalogs[locale] }));

/** A message's words when the catalogue has them and they need no values (a mode named with its colour does). */
function wordsOf(t: (typeof translators)[Locale], key: string): string | null {
  if (!t.has(key as never)) return null;
  const raw = t.raw(key as never) as unknown;
  return typeof raw === "string" && !raw.includes("{") ? raw : null;
}

/**
 * What a listing's result shows, in words of `locale`: its style's name, else what was done (a decluttered room,
 * a new sky, a twilight), else the id. Its files and its client link name it so.
 */
export function resultWords(options: { locale: Locale; styleId: string | null; mode: string }): string {
  const t = translators[options.locale];
  const { styleId, mode } = options;
  if (styleId) return wordsOf(t, `styles.${styleId}.name`) ?? styleId;
  return wordsOf(t, mode === "declutter" ? "modes.declutterResult.name" : `modes.${mode}.resultName`) ?? wordsOf(t, `modes.${mode}.name`) ?? mode;
}

/**
 * `<listing>-<nn>-<room>-<style>.jpg`, the name of a result in the listing's downloads, its words in `locale`
 * (`zlota-44-01-salon-skandynawski.jpg`, `main-st-5-01-living-room-scandinavian.jpg`); `original` names the
 * photo it was made from instead, `suffix` marks a copy of it (`hd`).
 */
export function listingFileName(options: {
  listingName: string;
  number: number;
  roomType: string;
  styleId: string | null;
  mode: string;
  locale: Locale;
  original?: boolean;
  suffix?: string;
}): string {
  const t = translators[options.locale];
  const name = slugify(options.listingName) || "listing";
  const room = wordsOf(t, `rooms.${options.roomType}`) ?? options.roomType;
  const change = options.original ? t("listings.export.fileOriginal") : resultWords(options);
  const parts = [name, String(options.number).padStart(2, "0"), slugify(room), slugify(change)];
  if (options.suffix) parts.push(options.suffix);
  return `${parts.join("-")}.jpg`;
}

/** The compliance sheet's entry in a portal's ZIP, named in the export's language. */
export function complianceSheetFileName(locale: Locale): string {
  return `${slugify(translators[locale]("listings.export.fileSheet"))}.html`;
}

/** A listing's ZIP: `<listing>.zip`, or `<listing>-<portal>.zip` for a portal's package (`-bez-etykiety` for the one with no label). */
export function listingZipFileName(options: { listingName: string; portal?: { name: string }; locale: Locale }): string {
  const name = slugify(options.listingName) || "listing";
  if (!options.portal) return `${name}.zip`;
  return `${name}-${slugify(options.portal.name || translators[options.locale]("listings.export.fileUnlabelled"))}.zip`;
}
