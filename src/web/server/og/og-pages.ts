import type { StaticRouteKey, Locale } from "@/config/routes";
import type { Messages } from "@/i18n/catalogs";

/**
 * The public pages that have an Open Graph image of their own, with the title it shows (the page's
 * heading, or its name where the heading is a document's). Other pages share the home page's image.
 */
export const ogPageTitles = {
  "/": (m) => m.home.title,
  "/pricing": (m) => m.pricing.title,
  "/offer": (m) => m.offer.title,
  "/generator": (m) => m.generator.title,
  "/blog": (m) => m.blog.title,
  "/login": (m) => m.auth.title,
  "/terms": (m) => m.footer.terms,
  "/privacy": (m) => m.footer.privacy,
  "/information-obligation": (m) => m.footer.gdpr,
  "/verify": (m) => m.verify.title,
  "/developers": (m) => m.footer.developers,
} as const satisfies Partial<Record<StaticRouteKey, (messages: Messages) => string>>;

export type OgPageKey = keyof typeof ogPageTitles;

export function isOgPageKey(key: string): key is OgPageKey {
  return Object.hasOwn(ogPageTitles, key);
}

/** The image's address: /api/og/pl/home, /api/og/en/pricing (route keys, the same in both languages). */
export function ogPageImagePath(locale: Locale, key: StaticRouteKey): string {
  const shown: OgPageKey = isOgPageKey(key) ? key : "/";
  return `/api/og/${locale}/${shown === "/" ? "home" : shown.slice(1)}`;
}

/** A published post's image: /api/og/pl/blog/nieruchomosci/wirtualny-home-staging. */
export function ogPostImagePath(locale: Locale, slug: readonly string[]): string {
  return `/api/og/${locale}/blog/${slug.join("/")}`;
}

/** The route key an image address names, the inverse of ogPageImagePath; null for a post or an unknown page. */
export function ogPageKeyOf(segments: readonly string[]): OgPageKey | null {
  const key = segments.length === 1 && segments[0] === "home" ? "/" : `/${segments.join("/")}`;
  return segments.length > 0 && isOgPageKey(key) ? key : null;
}

/** OG images are 1200 × 630, the size every network crops the same way. */
export const OG_SIZE = { width: 1200, height: 630 } as const;
