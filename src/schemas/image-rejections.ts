/**
 * Why an upload was refused; each has a message under upload.errors.<reason>. A module of its own, without
 * zod, so the design page's scripts can read the list without carrying zod (about 100 KB) to the browser.
 */
export const imageRejections = ["empty", "tooLarge", "tooSlow", "notImage", "unsupported", "truncated", "tooManyPixels", "tooManyPixelsHeif", "animated", "tooSmall"] as const;
export type ImageRejection = (typeof imageRejections)[number];
