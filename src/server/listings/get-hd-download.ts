import "server-only";
import { disclosureKind, type DisclosureLabels } from "@/config/listing-portals";
import { getDb, type DbOrTx } from "@/server/db/client";
import { structureOf } from "@/server/provenance/mark-result";
import { AppError } from "@/server/errors";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { labelledResultFile } from "./labelled-result-file";
import { listChosenResults } from "./list-chosen-results";
import { listingFileName } from "./listing-file-name";
import { loadOwnedListing } from "./load-owned-listing";

/**
 * The HD copy of a photo's chosen result as a download (labelled when the listing says so, as its kind of change is: disclosureKind), marked as its result
 * is; null when not ordered. `read` gives the bytes, made once (a HEAD request does not ask).
 */
export async function getHdDownload(options: { userId: string; listingId: string; photoId: string; labels: DisclosureLabels; db?: DbOrTx; storage?: ImageStorage }) {
  const db = options.db ?? (await getDb());
  const row = await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  const { items } = await listChosenResults({ db, listingId: row.id });
  const item = items.find((i) => i.photoId === options.photoId);
  if (!item?.hd) return null;
  const fileName = listingFileName({ listingName: row.name, number: item.number, roomType: item.roomType, styleId: item.styleId || item.mode, suffix: "hd" });
  const hd = item.hd;
  const read = async () => {
    // The quick encoder: a 3072 px copy takes a quarter of mozjpeg's time for some 7 % more bytes.
    const structure = await structureOf({ db, resultImageId: item.result.id });
    const data = await labelledResultFile({ file: hd, label: row.disclosureLabel ? options.labels[disclosureKind(item.mode)] : null, ai: item.ai, quick: true, structure, owner: options.userId, storage: options.storage ?? getStorage() });
    if (!data) throw new AppError("GONE");
    return data;
  };
  return { fileName, read };
}
