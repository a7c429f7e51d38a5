import "server-only";
import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import archiver from "archiver";
import { getDb, type DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { burnLabel } from "./burn-label";
import { listChosenResults } from "./list-chosen-results";
import { listingFileName } from "./listing-file-name";
import { slugify } from "./slugify";
import { loadOwnedListing } from "./load-owned-listing";

/**
 * The chosen results of a listing as one ZIP of full-size JPEGs named `<listing>-<nn>-<room>-<style>.jpg`,
 * streamed: each entry is read, labelled and encoded only when the one before has gone out, so a 40-photo
 * ZIP holds one image in memory, not forty. JPEGs are stored, not deflated again (it would gain nothing).
 * `label` is the disclosure text to burn in (null: none; the listing's own setting is applied by the caller).
 * GONE when no chosen result is alive, NOT_FOUND (nothingChosen) when nothing is chosen.
 */
export async function streamListingZip(options: { userId: string; listingId: string; label: string | null; db?: DbOrTx; storage?: ImageStorage }): Promise<{ fileName: string; stream: Readable; entries: number }> {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const row = await loadOwnedListing({ db, userId: options.userId, listingId: options.listingId });
  const { items, dead } = await listChosenResults({ db, listingId: row.id });
  if (items.length === 0) throw dead > 0 ? new AppError("GONE") : new AppError("NOT_FOUND", { reason: "nothingChosen" });
  const label = row.disclosureLabel ? options.label : null;

  const archive = archiver("zip", { store: true });
  const out = new PassThrough();
  archive.on("error", (error) => out.destroy(error));
  archive.pipe(out);
  void (async () => {
    for (const item of items) {
      const bytes = await storage.get(item.result.storageKey);
      // An object gone between the listing and now: left out rather than a broken entry.
      if (!bytes) continue;
      const jpeg = await burnLabel({ image: bytes, label });
      const name = listingFileName({ listingName: row.name, number: item.number, roomType: item.roomType, styleId: item.styleId || item.mode });
      const written = once(archive, "entry");
      archive.append(jpeg, { name });
      await written;
    }
    await archive.finalize();
  })().catch((error: unknown) => {
    log.warn("listings.zip_failed", { listingId: row.id, error });
    archive.abort();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { fileName: `${slugify(row.name) || "listing"}.zip`, stream: out, entries: items.length };
}
