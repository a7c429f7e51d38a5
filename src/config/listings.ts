import { listingModes as registryListingModes, type EditMode } from "@/config/edit-modes";

/** Limits and figures of listings (an agent's property with many photos), as data. */

/** Photos in one listing; an agent's listing has 10–40. */
export const LISTING_MAX_PHOTOS = 40;
/** Variations per style and photo in one Generate. */
export const LISTING_MAX_VARIATIONS = 4;
/** Styles in one listing Generate. */
export const LISTING_MAX_STYLES = 8;
export const LISTING_NAME_MAX = 120;
/** The HD copy is 4K: at least twice the result, and at least this many pixels on the long side (3840: UHD's width). */
export const HD_MIN_LONG_SIDE = 3840;
/** JPEG quality of downloads (ZIP entries and HD copies). */
export const DOWNLOAD_JPEG_QUALITY = 90;
/**
 * Days a listing's chosen results and their photos are kept when its owner chooses to keep them for the
 * listing's life (so its proof pages show them beside each other); ended by the owner at any moment.
 */
export const LISTING_KEEP_DAYS = 180;
/** The listing's page warns this long before its photos' hour runs out. */
export const LISTING_EXPIRY_WARNING_MS = 10 * 60 * 1000;
/** Uploads a listing's page sends at once: a few at a time keeps each one's progress honest and the server calm. */
export const LISTING_UPLOAD_CONCURRENCY = 2;
/** What a listing's Generate may ask of every photo: the whole-photo modes (the masked ones need a brush per photo). */
export const listingModes = registryListingModes as [EditMode, ...EditMode[]];
export type ListingMode = EditMode;
/** The longest an HD copy's upscale may take before its order fails (and its token comes back). */
export const HD_UPSCALE_TIMEOUT_MS = 120_000;
/** Longer than an upscale may take: a lease that runs out means the worker holding it died. */
export const HD_LEASE_MS = HD_UPSCALE_TIMEOUT_MS + 60_000;
/**
 * Labelled files (ZIP entries, HD downloads, a client link's images) kept in memory once made, per process: a
 * 1536 px result labelled is some 0.4 MB, an HD copy 2–3 MB, so this holds a few busy listings in two languages.
 */
export const LABELLED_FILES_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * Downloads under way at once, per process: a ZIP or an HD copy per account, a client link's images per link
 * and per client address (a browser asks for six at a time over HTTP/1.1, a few more over HTTP/2 as it scrolls).
 * Beyond them RATE_LIMITED (429) with Retry-After, before anything is read or made.
 */
export const DOWNLOADS_IN_FLIGHT = { perAccount: 3, perLink: 16, perAddress: 16 } as const;
/**
 * A client link's images per link and per client address, in this process: a page load's worth at once (a
 * 40-photo listing shows 80 images), then two a second. Counted in memory, before anything is read: a flood of
 * requests for one image costs no database write per request.
 */
export const SHARED_IMAGE_PACE = { burst: 120, perSecond: 2 } as const;
/**
 * An account's ZIP and HD downloads in this process: ten at once (a person clicking through a listing's HD
 * copies), then one every two seconds, counted in memory before anything is read. A script that downloads as
 * hard as it can gets a few megabytes every two seconds rather than every file as fast as the loopback goes.
 */
export const ACCOUNT_DOWNLOAD_PACE = { burst: 10, perSecond: 0.5 } as const;
/** Seconds a refused download is told to wait. */
export const DOWNLOAD_BUSY_RETRY_SECONDS = 2;
