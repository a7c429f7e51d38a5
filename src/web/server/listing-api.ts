import "server-only";
import { catalogs } from "@/i18n/catalogs";
import { requestLocale } from "@/server/http/error-answer";
import { jsonAnswer } from "./api-route";

/** Every listing route's access: a visitor gets 404, as for anything of another account. */
export const listingAccess = { visitor: "NOT_FOUND", context: "listings" } as const;

/** The answer of a listing change that has nothing to say back. */
export async function done(change: Promise<void>): Promise<Response> {
  await change;
  return jsonAnswer({ ok: true });
}

/** The disclosure label in the language of the page the download was started from. */
export function disclosureLabel(request: Request): string {
  return catalogs[requestLocale(request)].listings.label;
}
