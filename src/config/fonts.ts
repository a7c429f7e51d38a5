/**
 * The font file every page needs (Inter cut to the characters of Polish and English pages, see
 * scripts/subset-font.mjs). The layout preloads it so that it usually arrives before the first layout;
 * app/globals.css declares it as the "Inter Variable" face.
 */
export const primaryFont = { href: "/fonts/inter-pl-wght.woff2", type: "font/woff2" } as const;
