/**
 * Cookie consent: what is asked, how the answer is stored, and what Google's Consent Mode is told.
 * Read by the layout (server), the consent components and the data layer. See
 * docs/decisions/0007-cookie-consent.md.
 */

/** The global array Tag Manager reads (`l=` in the gtm.js URL); Tag Manager's default name. */
export const DATA_LAYER = "dataLayer";

/** First-party, HttpOnly: only the server reads it and decides what the page loads. */
export const CONSENT_COOKIE = "aranzer.consent";

/**
 * Raise it when the categories or the tools behind them change: every choice stored under an older
 * version counts as no choice, so the banner asks again.
 */
export const CONSENT_VERSION = 1;

/** About six months; the privacy policy states the same. */
export const CONSENT_MAX_AGE_DAYS = 182;

/**
 * Cookies that Google Analytics and Google Ads tags set on our domain; removed when consent is withdrawn
 * (with consent denied the tags stop writing them, but existing ones would stay until they expire).
 */
export const ANALYTICS_COOKIE = /^(_ga($|_)|_gid$|_gat|_gcl_)/;

export const tagManagerUrl = (gtmId: string) =>
  `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}&l=${DATA_LAYER}`;

export type ConsentChoice = {
  /** The one optional category. No ads run here, so there is no marketing category to ask about. */
  analytics: boolean;
  /** "YYYY-MM-DD", the day the visitor chose. */
  date: string;
};

type Signal = "granted" | "denied";
export type ConsentSignals = Record<"ad_storage" | "ad_user_data" | "ad_personalization" | "analytics_storage", Signal>;

/** Consent Mode v2 signals for a choice: the ad signals stay denied whatever the visitor picks. */
export function consentSignals(analytics: boolean): ConsentSignals {
  return { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: analytics ? "granted" : "denied" };
}

/** The cookie's value, e.g. `1.analytics.2026-11-22` or `1.none.2026-11-22`: characters no encoding changes. */
export function serializeConsent(choice: ConsentChoice): string {
  return `${CONSENT_VERSION}.${choice.analytics ? "analytics" : "none"}.${choice.date}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The stored choice, or null when the visitor has to be asked (again): no cookie, another version, a value
 * we did not write, or a date in the future or older than the cookie may live.
 */
export function parseConsent(value: string | undefined, now: Date): ConsentChoice | null {
  const match = /^(\d+)\.(analytics|none)\.(\d{4}-\d{2}-\d{2})$/.exec(value ?? "");
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null;
  const date = match[3]!;
  const chosenAt = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(chosenAt) || new Date(chosenAt).toISOString().slice(0, 10) !== date) return null;
  const age = now.getTime() - chosenAt;
  if (age < -DAY_MS || age > (CONSENT_MAX_AGE_DAYS + 1) * DAY_MS) return null;
  return { analytics: match[2] === "analytics", date };
}
