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
