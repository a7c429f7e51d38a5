import "server-only";
import { eq } from "drizzle-orm";
import { defaultLocale, type Locale } from "@/config/routes";
import { getDb, type DbOrTx } from "@/server/db/client";
import { listing, listingShare } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { SharedListingDto } from "@/schemas/listings";
import { hashShareToken } from "./hash-share-token";
import { listChosenResults, type ChosenResult } from "./list-chosen-results";

/**
 * What a client link shows, to anyone holding it: the listing's chosen results with their photos. An unknown
 * or revoked token is NOT_FOUND (404); a link whose images are all past their hour is GONE (410), for good (its
 * row's liveUntil is the tombstone: choices made after it has ended do not revive it). A listing
 * with nothing chosen (yet, or any more) is shown as such, with no items. A result's address names `locale`, the
 * language of its burnt-in label (getSharedImage), so the browser keeps each language's file apart.
 */
export async function resolveShareLink(options: { token: string; locale?: Locale; db?: DbOrTx; now?: Date }): Promise<{ listing: SharedListingDto; items: ChosenResult[] }> {
  const db = options.db ?? (await getDb());
  const now = options.now ?? new Date();
  const [found] = await db
    .select({ share: listingShare, listing })
    .from(listingShare)
    .innerJoin(listing, eq(listing.id, listingShare.listingId))
    .where(eq(listingShare.tokenHash, hashShareToken(options.token)));
  if (!found || found.share.revoked) throw new AppError("NOT_FOUND");
  const { items, dead } = await listChosenResults({ db, listingId: found.listing.id, now });
  // Past the hour of the last result it was alive for, a link stays gone, whatever the sweeper deleted since
  // and whatever is chosen after.
  if (found.share.liveUntil <= now || (items.length === 0 && dead > 0)) throw new AppError("GONE");
  const url = (imageId: string) => `/api/shares/${encodeURIComponent(options.token)}/images/${imageId}`;
  return {
    listing: {
      name: found.listing.name,
      disclosureLabel: found.listing.disclosureLabel,
      expiresAt: items.length ? new Date(Math.min(...items.map((i) => i.result.expiresAt.getTime()))).toISOString() : null,
      items: items.map((i) => ({
        position: i.number,
        roomType: i.roomType,
        styleId: i.styleId,
        mode: i.mode,
        ai: i.ai,
        beforeUrl: i.source ? url(i.source.id) : null,
        afterUrl: `${url(i.result.id)}?locale=${options.locale ?? defaultLocale}`,
        width: i.result.width,
        height: i.result.height,
      })),
    },
    items,
  };
}
