import "server-only";
import type { DisclosureLabels } from "@/config/listing-portals";
import { defaultLocale, locales, type Locale } from "@/config/routes";
import { catalogs } from "@/i18n/catalogs";
import { requestLocale } from "@/server/http/error-answer";
import { admitDownload } from "@/server/listings/admit-download";
import { hashShareToken } from "@/server/listings/hash-share-token";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { jsonAnswer } from "./api-route";

/** A listing's own routes: a visitor gets 404, as for anything of another account. */
export const listingAccess = { visitor: "NOT_FOUND", context: "listings" } as const;

/** The listings index (`/api/listings`) names no listing, so a visitor gets 401 there, as on other routes. */
export const listingIndexAccess = { visitor: "UNAUTHORIZED", context: "listings" } as const;

/** The answer of a listing change that has nothing to say back. */
export async function done(change: Promise<void>): Promise<Response> {
  await change;
  return jsonAnswer({ ok: true });
}

/** The disclosure labels in the language of the page the download was started from. */
export function disclosureLabels(request: Request): DisclosureLabels {
  return catalogs[requestLocale(request)].listings.labels;
}

/**
 * The disclosure labels of a client link's image, in the language its address names (`?locale=en`, else Polish):
 * the client's page sends no Referer, and the address alone must decide what the browser keeps.
 */
export function sharedImageLabels(request: Request): DisclosureLabels {
  const named = new URL(request.url).searchParams.get("locale");
  const locale: Locale = locales.find((l) => l === named) ?? defaultLocale;
  return catalogs[locale].listings.labels;
}

const clientAddress = (request: Request) => request.headers.get("x-forwarded-for") || "unknown";

/**
 * A download of an account (a ZIP, an HD copy) let in: its share of downloads under way and per minute
 * (429 with Retry-After otherwise). Returns the release, for when the answer has gone out.
 */
export async function downloadLimits(request: Request, userId: string): Promise<() => void> {
  const release = admitDownload({ userId, clientAddress: clientAddress(request) });
  try {
    await hitRateLimit({ rule: "download", subject: userId });
    return release;
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * The same for a client link's image, per link (by its token's hash, never the token) and per client address,
 * in memory: in flight and paced (admitDownload), with no database write per image.
 */
export function sharedImageLimits(request: Request, token: string): () => void {
  return admitDownload({ link: hashShareToken(token), clientAddress: clientAddress(request) });
}
