import "server-only";
import type { EditMode } from "@/config/edit-modes";
import { disclosureKind } from "@/config/listing-portals";
import type { Locale } from "@/config/routes";
import { catalogs } from "@/i18n/catalogs";
import { labelledHdKey } from "@/server/images/result-keys";
import { remember } from "@/server/process-singletons";
import type { ImageStorage } from "@/server/storage/storage";
import type { ProvenanceFacts } from "@/server/provenance/provenance-facts";
import { burnLabel } from "./burn-label";
import { labelSlots } from "./label-slots";

/** Labelled HD files being made in this process, by key: a download that finds one under way waits for it. */
const making = remember("labelledHdMaking", () => new Map<string, Promise<Buffer | null>>());

/**
 * An HD copy with the disclosure label of its mode in a language burnt in, stored beside the copy for the
 * copy's hour (deleted with it: labelledHdKeys). The HD worker makes it when it makes the copy of a listing
 * whose label is on, so a download only reads stored bytes; a label switched on later is made at the first
 * download in that language, once, and stored. The making takes `owner`'s share of the cores (labelSlots).
 * null when the copy is past its hour or its object is gone.
 */
export async function labelledHdFile(options: {
  hd: { id: string; storageKey: string; expiresAt: Date };
  locale: Locale;
  mode: EditMode;
  ai: boolean;
  /** The structure check's findings when known (its result's proof), stated in the file's own manifest. */
  structure?: ProvenanceFacts["structure"];
  owner: string;
  storage: ImageStorage;
}): Promise<Buffer | null> {
  const { hd, storage } = options;
  if (hd.expiresAt <= new Date()) return null;
  const key = labelledHdKey(hd.id, options.locale);
  const stored = await storage.get(key);
  if (stored) return stored;
  const pending = making.get(key);
  if (pending) return pending;
  const made = (async () => {
    const copy = await storage.get(hd.storageKey);
    if (!copy) return null;
    // A change of walls, floors or fixtures is labelled a renovation preview, not virtual staging (as in the ZIP).
    const label = catalogs[options.locale].listings.labels[disclosureKind(options.mode)];
    // The quick encoder: a 3840 px copy takes a quarter of mozjpeg's time for some 7 % more bytes.
    const file = await labelSlots().run(options.owner, () => burnLabel({ image: copy, label, ai: options.ai, quick: true, structure: options.structure }));
    // Not kept past the copy's hour: the sweeper may already have deleted the copy and what it knew of.
    if (hd.expiresAt > new Date()) await storage.put(key, file, "image/jpeg");
    return file;
  })().finally(() => making.delete(key));
  making.set(key, made);
  return made;
}
