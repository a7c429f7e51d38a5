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
/** The listing's page warns this long before its photos' hour runs out. */
export const LISTING_EXPIRY_WARNING_MS = 10 * 60 * 1000;
/** Uploads a listing's page sends at once: a few at a time keeps each one's progress honest and the server calm. */
export const LISTING_UPLOAD_CONCURRENCY = 2;
/** What a listing's Generate may ask of every photo: the whole-photo modes (the masked ones need a brush per photo). */
export const listingModes = registryListingModes as [EditMode, ...EditMode[]];
export type ListingMode = EditMode;
