/** Limits and timings of the generation pipeline, as data. */
/** Uploads: refused while streaming past this many bytes. */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Uploads: how fast the body must arrive, else it is refused as `tooSlow` (src/server/images/read-limited-body.ts):
 * 20 s for the first bytes, then 32 KB a second on average (a quarter of a slow 1 Mbit/s uplink), and at most
 * 4 minutes in all (20 MB at about 0.7 Mbit/s), under the HTTP server's own 5 minutes. A phone photo of a few MB
 * on a poor connection passes; a client trickling bytes to hold an upload place does not.
 */
export const UPLOAD_BODY_PACE = { graceMs: 20_000, minBytesPerSecond: 32 * 1024, maxMs: 240_000 } as const;
/** Uploads: refused above this many pixels (also sharp's decompression-bomb limit). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/**
 * AVIF and HEIC: refused above this many pixels. They cost 4–20 times more per megapixel to decode than a
 * JPEG (which libvips shrinks while decoding); 24 MP keeps the default of today's phones (12 and 24 MP) and
 * bounds one upload to a few seconds of a core (decision record 0011, bench/decode-cost.ts).
 */
export const UPLOAD_MAX_PIXELS_HEIF = 24_000_000;
/**
 * Uploads one web process takes at once (reading, waiting or decoding), per account, per client address and
 * in all; one more is answered 503 BUSY with Retry-After. Each holds its bytes (at most UPLOAD_MAX_BYTES)
 * meanwhile, so `total` also bounds the memory of the waiting queue (decision record 0011).
 */
export const UPLOAD_IN_FLIGHT = { perAccount: 4, perAddress: 8, total: 12 } as const;
/** What a BUSY upload answer says in Retry-After, in seconds. */
export const UPLOAD_BUSY_RETRY_SECONDS = 5;
/** Stored images: long side at most this many pixels. */
export const STORED_LONG_SIDE = 1536;
/**
 * Uploads: the stored photo's shorter side must have at least this many pixels, so a photo smaller than that,
 * or longer than 6 : 1 (1536 / 256), is refused as `tooSmall` before anything is spent on it: no engine makes
 * a room of a thumbnail or a strip (the hosted ones work at 768–1024 px).
 */
export const UPLOAD_MIN_SHORT_SIDE = 256;
/** The recommended number of styles per Generate, shown on the design page. */
export const RECOMMENDED_STYLES = { min: 5, max: 8 } as const;
/** A photo with less than this share of its life left (5 minutes of the hour) cannot start a batch: it would be deleted before its results. */
export const SOURCE_MIN_REMAINING_SHARE = 1 / 12;
/** At most this many styles in one Generate (the catalogue has about 30). */
export const MAX_STYLES_PER_BATCH = 12;

/**
 * How results are stored: JPEG (libjpeg-turbo). It runs once per result, after the provider's wait, and the
 * browser decodes every result a person waits for: JPEG encodes several times and decodes about twice as fast as
 * WebP at effort 2. Quality 88 keeps a masked edit's untouched part as close to the photo as WebP at 82 did, for
 * more bytes; the results grid loads the display copy (docs/benchmarks.md, "Generation: Confirm → results on
 * screen"). An engine that already answers in JPEG at the photo's size is stored as it is.
 */
export const RESULT_JPEG = { quality: 88 } as const;
/** Plain upscales (listings' HD copies): WebP at a low effort. */
export const RESULT_WEBP = { quality: 82, effort: 2 } as const;

/**
 * Each result also gets a display-size copy for the results grid, whose cards are a few hundred CSS pixels wide:
 * the browser picks it through `srcset` and decodes a quarter of the pixels. Made from the engine's answer (or
 * our own pixels) while the person waits for it, so without libjpeg's second pass that optimises the Huffman
 * tables: a 768 × 576 copy encodes in 4.2 ms instead of 6.7 ms here, for 1 % more bytes. Larger slots (a phone
 * at 3×) still take the full image, as do the download and the ZIP.
 */
export const RESULT_DISPLAY = { longSide: 768, jpeg: { quality: 80, optimiseCoding: false } } as const;

/** The worker's timings: a lease is renewed every third of its length while an engine works. */
export const JOB_LEASE_MS = 30_000;
/** An engine call that takes longer counts as a transient failure (retried). */
export const ENGINE_TIMEOUT_MS = 180_000;
/** Transient failures (429, 5xx, timeouts) retry with exponential backoff and jitter, this many attempts in all. */
export const RETRY_POLICY = { maxAttempts: 4, baseDelayMs: 2_000, maxDelayMs: 60_000 } as const;
/** Progress is written at most this often per visualization. */
export const PROGRESS_INTERVAL_MS = 250;
/** The sweeper runs this often (images must be gone within five minutes of their hour). */
export const SWEEP_INTERVAL_MS = 60_000;
/**
 * A result whose structure score (src/server/edits/check-structure.ts) is below this is flagged ("the room's
 * lines differ from the photo's") and may be made again once for free. Figures: docs/structure-check.md.
 */
export const STRUCTURE_THRESHOLD = 0.8;
/**
 * A result is shown before its structure check ends; a batch's event stream stays open for the check this long
 * after the result (it takes well under a second; a worker that stopped in between never sends it).
 */
export const STRUCTURE_CHECK_WAIT_SECONDS = 60;
/** How often an idle worker looks for results whose follow-ups a stopped worker left (src/server/generation/finish-follow-ups.ts). */
export const FOLLOW_UP_EVERY_MS = 5_000;
/**
 * A worker checks its results one at a time (src/server/generation/create-check-queue.ts), once it has stored
 * nothing for `settleMs` (the time for the results just stored to be fetched); a check waits at most
 * `maxDeferMs`, so a worker that is always storing still checks.
 */
export const STRUCTURE_CHECK_QUEUE = { settleMs: 300, maxDeferMs: 2_000 } as const;
/** A painted mask is a mostly black PNG of at most 1536 px; anything this large is not one. */
export const MASK_MAX_BYTES = 4 * 1024 * 1024;
/** A mask is painted at its photo's size (at most STORED_LONG_SIDE a side); one declaring more pixels is refused before decoding. */
export const MASK_MAX_PIXELS = 4 * STORED_LONG_SIDE * STORED_LONG_SIDE;
/** A listing's later photos look again this often for the first result of their style, which they follow. */
export const LISTING_REFERENCE_WAIT_MS = 1_000;
