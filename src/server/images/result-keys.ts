import { locales, type Locale } from "@/config/routes";

/**
 * Where a result's files are stored. A hosted engine's answer is kept under a key of its own until its JPEG at
 * the photo's size replaces it (src/server/generation/store-full-size.ts); the JPEG's key is the result's for good.
 */
export function fullSizeKey(imageId: string): string {
  return `results/${imageId}.jpg`;
}

/** The key of an engine's answer kept until its JPEG at the photo's size replaces it. */
export function answerKey(imageId: string, extension: string): string {
  return `results/${imageId}.answer.${extension}`;
}

/** Whether a result's key is an engine's answer kept until its JPEG at the photo's size replaces it. */
export function isAnswerKey(storageKey: string): boolean {
  return /^results\/[^/]+\.answer\.[a-z]+$/.test(storageKey);
}

/** Where an HD copy is stored (under a prefix of its own, so its labelled files are known to be there too). */
export function hdCopyKey(imageId: string): string {
  return `hd/${imageId}.jpg`;
}

/** Where an HD copy's file labelled in a language is kept: made with the copy (or at its first download), deleted with it. */
export function labelledHdKey(imageId: string, locale: Locale): string {
  return `hd/${imageId}.labelled.${locale}.jpg`;
}

/** The labelled files an HD copy may have, to delete with it; none for a stored object that is not an HD copy. */
export function labelledHdKeys(row: { id: string; storageKey: string }): string[] {
  return row.storageKey.startsWith("hd/") ? locales.map((locale) => labelledHdKey(row.id, locale)) : [];
}
