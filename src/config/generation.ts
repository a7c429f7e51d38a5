/** Limits and timings of the generation pipeline, as data (business constants of the specification §9). */
export const IMAGE_TTL_MS = 60 * 60 * 1000;
/** Uploads: refused while streaming past this many bytes. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Uploads: refused above this many pixels (also sharp's decompression-bomb limit). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** Stored images: long side at most this many pixels. */
export const STORED_LONG_SIDE = 1536;
/** The specification's recommendation, shown on the design page. */
export const RECOMMENDED_STYLES = { min: 5, max: 8 } as const;
/** At most this many styles in one Generate (the catalogue has about 30). */
export const MAX_STYLES_PER_BATCH = 12;
