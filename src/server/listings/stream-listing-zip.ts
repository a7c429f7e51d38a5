import "server-only";
import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import archiver from "archiver";
import { getDb, type DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { disclosureKind, type DisclosureLabels, type PortalProfile } from "@/config/listing-portals";
import type { Locale } from "@/config/routes";
import { findProofOf, structureOf } from "@/server/provenance/mark-result";
import { labelledResultFile } from "./labelled-result-file";
import { labelSlots } from "./label-slots";
import { complianceSheet, exportLocale, makeExportEntries, refuseForbidden, type SheetRow } from "./make-export-entries";
import { listChosenResults } from "./list-chosen-results";
import { complianceSheetFileName, listingFileName, listingZipFileName } from "./listing-file-name";
import { loadOwnedListing } from "./load-owned-listing";

type ZipPlan = { fileName: string; entries: number };

/**
 * What a ZIP of the listing's chosen results would be, without making it: its file name and entries, or GONE
 * when no chosen result is alive and NOT_FOUND (nothingChosen) when nothing is chosen. A HEAD request gets this.
 */
export async function planListingZip(options: { userId: string; listingId: string; portal?: PortalProfile; locale?: Locale; db?: DbOrTx }): Promise<ZipPlan> {
  const { plan } = await chosenForZip({ ...options, db: options.db ?? (await getDb()) });
  return plan;
}

async function chosenForZip(options: { userId: string; listingId: string; portal?: PortalProfile; locale?: Locale; db: DbOrTx }) {
  const row = await loadOwnedListing({ db: options.db, userId: options.userId, listingId: options.listingId });
  const { items, dead } = await listChosenResults({ db: options.db, listingId: row.id });
  if (items.length === 0) throw dead > 0 ? new AppError("GONE") : new AppError("NOT_FOUND", { reason: "nothingChosen" });
  // A portal whose rules forbid a chosen result's change refuses the whole export, naming the rule and the photos.
  if (options.portal) refuseForbidden({ items, profile: options.portal });
  // Each portal's package is named for it: two downloads for two portals do not share a name.
  return { row, items, plan: { fileName: listingZipFileName({ listingName: row.name, portal: options.portal, locale: options.locale ?? "pl" }), entries: items.length } };
}

/**
 * The chosen results of a listing as one ZIP of full-size JPEGs named `<listing>-<nn>-<room>-<style>.jpg` in the
 * page's language (a portal's: in its own), each
 * with its result's AI marking, streamed: each entry is taken (labelledResultFile: made once, then kept for its
 * hour) only when the one before has gone out, so a ZIP being made holds one image in hand, not forty. JPEGs are stored, not deflated again (it would gain nothing).
 * `labels` are the disclosure texts to burn in, by kind of change (null: none; the listing's own setting is applied here).
 * A download given up (the stream closed before its end) stops the making at once: it would otherwise wait
 * forever for the reader, holding the image in hand. `done` says how the making ended.
 */
export async function streamListingZip(options: {
  userId: string;
  listingId: string;
  labels: DisclosureLabels | null;
  /** Where the photos go (src/config/listing-portals.ts): its label, QR code, originals and compliance sheet, in `locale` where it has no language of its own. */
  portal?: PortalProfile;
  locale?: Locale;
  db?: DbOrTx;
  storage?: ImageStorage;
}): Promise<ZipPlan & { stream: Readable; done: Promise<"finished" | "abandoned" | "failed"> }> {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const { row, items, plan } = await chosenForZip({ db, userId: options.userId, listingId: options.listingId, portal: options.portal, locale: options.locale });
  const labels = row.disclosureLabel ? options.labels : null;

  const archive = archiver("zip", { store: true });
  const out = new PassThrough();
  archive.on("error", (error) => out.destroy(error));
  archive.pipe(out);
  let finalized = false;
  let abandoned = false;
  const closed = new Promise<void>((resolve) =>
    out.once("close", () => {
      if (!finalized) {
        abandoned = true;
        archive.abort();
      }
      resolve();
    }),
  );
  const append = async (data: Buffer | string, name: string) => {
    const written = once(archive, "entry");
    written.catch(() => undefined);
    archive.append(data, { name });
    await Promise.race([written, closed]);
  };
  const { portal } = options;
  const pageLocale = options.locale ?? "pl";
  const locale = portal ? exportLocale(portal, pageLocale) : pageLocale;
  const sheet: SheetRow[] = [];
  const done = (async () => {
    for (const item of items) {
      if (abandoned) return "abandoned" as const;
      if (portal) {
        const bytes = await storage.get(item.result.storageKey);
        // An object gone between the listing and now: left out rather than a broken entry.
        if (!bytes || abandoned) continue;
        const original = item.source ? await storage.get(item.source.storageKey) : null;
        const proof = await findProofOf({ db, resultImageId: item.result.id });
        // Made for each download (sized, labelled and coded for the portal), on the owner's share of the cores.
        const made = await labelSlots().run(options.userId, () => makeExportEntries({ item, profile: portal, locale, listingName: row.name, result: bytes, original, proof }));
        for (const entry of made.entries) if (!abandoned) await append(entry.data, entry.name);
        sheet.push(made.row);
        continue;
      }
      // A change of walls, floors or fixtures is labelled a renovation preview, not virtual staging.
      const structure = await structureOf({ db, resultImageId: item.result.id });
      const jpeg = await labelledResultFile({ file: item.result, label: labels ? labels[disclosureKind(item.mode)] : null, ai: item.ai, structure, owner: options.userId, storage });
      // An object gone between the listing and now: left out rather than a broken entry.
      if (!jpeg || abandoned) continue;
      await append(jpeg, listingFileName({ listingName: row.name, number: item.number, roomType: item.roomType, styleId: item.styleId || null, mode: item.mode, locale }));
    }
    if (abandoned) return "abandoned" as const;
    if (portal) await append(complianceSheet({ listingName: row.name, profile: portal, locale, rows: sheet }), complianceSheetFileName(locale));
    if (abandoned) return "abandoned" as const;
    await archive.finalize();
    finalized = true;
    return "finished" as const;
  })().catch((error: unknown) => {
    log.warn("listings.zip_failed", { listingId: row.id, error });
    archive.abort();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    return "failed" as const;
  });
  return { ...plan, stream: out, done };
}
