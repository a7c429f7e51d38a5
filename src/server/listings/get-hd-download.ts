import "server-only";
import type { Locale } from "@/config/routes";
import { getDb, type DbOrTx } from "@/server/db/client";
import { structureOf } from "@/server/provenance/mark-result";
import { AppError } from "@/server/errors";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { labelledHdFile } from "./labelled-hd-file";
import { listChosenResults } from "./list-chosen-results";
import { listingFileName } from "./listing-file-name";
import { loadOwnedListing } from "./load-owned-listing";

/**
 * The HD copy of a photo's chosen result as a download, marked as its result is: the stored copy itself, or
 * while the listing's label is on its file labelled in `locale`, stored with it (labelledHdFile): a download
 * reads stored bytes and makes nothing. null when not ordered. `read` gives the bytes (a HEAD request does not ask).
 */
export async function getHdDownload(options: { userId: string; listingId: string; photoId: string; locale: Locale; db?: DbOrTx; storage?: ImageStorage }) {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const row = await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  const { items } = await listChosenResults({ db, listingId: row.id });
  const item = items.find((i) => i.photoId === options.photoId);
  if (!item?.hd) return null;
  const fileName = listingFileName({ listingName: row.name, number: item.number, roomType: item.roomType, styleId: item.styleId || null, mode: item.mode, locale: options.locale, suffix: "hd" });
  const hd = item.hd;
  const read = async () => {
    const data = row.disclosureLabel
      ? await labelledHdFile({ hd, locale: options.locale, mode: item.mode, ai: item.ai, structure: await structureOf({ db, resultImageId: item.result.id }), owner: options.userId, storage })
      : await storage.get(hd.storageKey);
    if (!data) throw new AppError("GONE");
    return data;
  };
  return { fileName, read };
}
