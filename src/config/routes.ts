/**
 * The route table, as data: internal pathname (the folder under app/[locale]),
 * its public path in each language, and who may open it. Read by the i18n routing, the proxy's guard,
 * the sitemap and the end-to-end tests.
 */
export const locales = ["pl", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "pl";

export type Access = "public" | "user";

type RouteDef = { pl: string; en: string; access: Access; /** listed in the sitemap and crawled */ indexable: boolean };

export const routes = {
  "/": { pl: "/", en: "/", access: "public", indexable: true },
  "/login": { pl: "/login", en: "/login", access: "public", indexable: true },
  "/pricing": { pl: "/cennik", en: "/pricing", access: "public", indexable: true },
  "/design": { pl: "/design", en: "/design", access: "user", indexable: false },
  "/offer": { pl: "/oferta", en: "/offer", access: "public", indexable: true },
  "/confirm": { pl: "/confirm", en: "/confirm", access: "user", indexable: false },
  "/settings": { pl: "/settings", en: "/settings", access: "user", indexable: false },
  "/settings/profile": { pl: "/settings/profile", en: "/settings/profile", access: "user", indexable: false },
  "/settings/subscriptions": { pl: "/settings/subscriptions", en: "/settings/subscriptions", access: "user", indexable: false },
  "/settings/api": { pl: "/settings/api", en: "/settings/api", access: "user", indexable: false },
  "/generator": { pl: "/generator", en: "/generator", access: "public", indexable: true },
  "/terms": { pl: "/regulamin", en: "/terms-of-service", access: "public", indexable: true },
  "/blog": { pl: "/blog", en: "/blog", access: "public", indexable: true },
  "/blog/[...slug]": { pl: "/blog/[...slug]", en: "/blog/[...slug]", access: "public", indexable: false },
  "/generations": { pl: "/generations", en: "/generations", access: "user", indexable: false },
  "/privacy": { pl: "/polityka-prywatnosci", en: "/privacy-policy", access: "public", indexable: true },
  "/information-obligation": { pl: "/obowiazek-informacyjny", en: "/information-obligation", access: "public", indexable: true },
  "/payment-success": { pl: "/payment-success", en: "/payment-success", access: "public", indexable: false },
  "/subscription-success": { pl: "/subscription-success", en: "/subscription-success", access: "public", indexable: false },
  "/checkout": { pl: "/zamowienie", en: "/checkout", access: "user", indexable: false },
  "/test-subscriptions": { pl: "/subskrypcje-testowe", en: "/test-subscriptions", access: "user", indexable: false },
  /** The comment moderators' queue; other signed-in users get a 404. */
  "/moderation": { pl: "/moderacja", en: "/moderation", access: "user", indexable: false },
  /** An agent's listings; one listing is `?id=<listing id>` on the same page. */
  "/listings": { pl: "/ogloszenia", en: "/listings", access: "user", indexable: false },
  /** The team the person works in: members, the pool, caps and usage. */
  "/team": { pl: "/zespol", en: "/team", access: "user", indexable: false },
  /** An invitation link (`?token=`): a visitor signs in or up first and comes back. */
  "/team/join": { pl: "/zespol/dolacz", en: "/team/join", access: "user", indexable: false },
  /** The person's invoices and the company data they go to. */
  "/settings/invoices": { pl: "/settings/faktury", en: "/settings/invoices", access: "user", indexable: false },
  /** The public check of an image (drop one) or of a result's proof (`?id=<proof id>`). */
  "/verify": { pl: "/sprawdz", en: "/verify", access: "public", indexable: true },
  /** The public API's reference and quick start. */
  "/developers": { pl: "/dla-programistow", en: "/developers", access: "public", indexable: true },
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof routes;
export type StaticRouteKey = Exclude<RouteKey, "/blog/[...slug]">;

/**
 * The English legal pages live at the root (/privacy-policy, not /en/privacy-policy),
 * so these are served there and /en/... redirects to them.
 */
export const rootEnglishRoutes: readonly RouteKey[] = ["/terms", "/privacy", "/information-obligation"];

function prefixed(locale: Locale, path: string): string {
  if (locale === defaultLocale) return path;
  return path === "/" ? "/en" : `/en${path}`;
}

/** The public URL path of a route in a language. */
export function pathFor(key: StaticRouteKey, locale: Locale): string {
  const path = routes[key][locale];
  if (locale === "en" && rootEnglishRoutes.includes(key)) return path;
  return prefixed(locale, path);
}

export function blogPostPath(slug: string[], locale: Locale): string {
  return prefixed(locale, `/blog/${slug.map(encodeURIComponent).join("/")}`);
}

export type MatchedRoute = { key: RouteKey; locale: Locale; params?: { slug: string[] } };

/** Maps a public path back to its route and language; null for paths outside the table. */
export function matchPath(pathname: string): MatchedRoute | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  let locale: Locale = "pl";
  let rest = clean;
  if (clean === "/en" || clean.startsWith("/en/")) {
    locale = "en";
    rest = clean.slice(3) || "/";
  }
  for (const [key, def] of Object.entries(routes) as [RouteKey, RouteDef][]) {
    const path = def[locale];
    if (path.includes("[...slug]")) {
      const base = path.replace("/[...slug]", "");
      if (rest.startsWith(`${base}/`) && rest.length > base.length + 1) {
        const slug = safeDecode(rest.slice(base.length + 1).split("/"));
        return slug ? { key, locale, params: { slug } } : null;
      }
    } else if (rest === path) {
      return { key, locale };
    }
  }
  // English legal pages live at the root.
  if (locale === "pl") {
    for (const key of rootEnglishRoutes) if (clean === routes[key].en) return { key, locale: "en" };
  }
  return null;
}

/** A path to return to after sign-in: only one of our own routes, never login or confirm, never another site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//")) return null;
  const match = matchPath(value.split("?")[0] ?? "");
  if (!match || match.key === "/login" || match.key === "/confirm") return null;
  return value;
}

/** Decoded path segments, or null for a malformed escape such as %E0%A4%A (a 404, not a crash). */
function safeDecode(segments: string[]): string[] | null {
  try {
    return segments.map(decodeURIComponent);
  } catch {
    return null;
  }
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}
