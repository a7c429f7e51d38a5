import "server-only";
import { LRUCache } from "lru-cache";
import { LABELLED_FILES_CACHE_BYTES } from "@/config/listings";
import { remember } from "@/server/process-singletons";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import type { ProvenanceFacts } from "@/server/provenance/provenance-facts";
import { burnLabel } from "./burn-label";
import { labelSlots } from "./label-slots";

type Context = { storageKey: string; label: string | null; ai: boolean; quick: boolean; structure: ProvenanceFacts["structure"]; owner: string; storage: ImageStorage };

/** Files already made, until their result's hour ends or memory runs short (least recently used first). */
const made = remember("labelledFiles", () =>
  new LRUCache<string, Buffer, Context>({
    maxSize: LABELLED_FILES_CACHE_BYTES,
    sizeCalculation: (file) => Math.max(1, file.length),
    // A file pushed out while being made still answers the downloads waiting for it.
    ignoreFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => {
      const bytes = await context.storage.get(context.storageKey);
      if (!bytes) return undefined;
      return labelSlots().run(context.owner, () => burnLabel({ image: bytes, label: context.label, ai: context.ai, quick: context.quick, structure: context.structure }));
    },
  }),
);

/**
 * The file a person is handed for a stored result (a ZIP entry, a client link's image; an HD copy's are
 * stored with it, labelledHdFile): labelled in the given language's text (or not,
 * `label` null) and marked as AI-made or not, as a JPEG. Made once per file, label and encoder, and kept until
 * the file's hour ends: ten downloads of one ZIP, or a client link's image opened by twenty people, cost one
 * encoding; concurrent requests for the same file wait for the one being made (the making itself, burnLabel,
 * is the one step every labelled file goes through, HD copies' included). `owner`
 * (account or link) is whose share of the cores the making takes. null when the stored object is gone.
 */
export async function labelledResultFile(options: {
  file: { storageKey: string; expiresAt: Date };
  label: string | null;
  ai: boolean;
  owner: string;
  /** libjpeg-turbo's own encoder rather than mozjpeg: for a client link's images (shown on a page at once). */
  quick?: boolean;
  /** The structure check's findings once it has run (its result's proof), stated in the file's own manifest. */
  structure?: ProvenanceFacts["structure"];
  storage?: ImageStorage;
}): Promise<Buffer | null> {
  const ttl = options.file.expiresAt.getTime() - Date.now();
  if (ttl <= 0) return null;
  const quick = options.quick ?? false;
  const structure = options.structure ?? null;
  // A file made before the check ended is made again once it has: its manifest then says what the check found.
  const key = JSON.stringify([options.file.storageKey, options.label, options.ai, quick, structure?.score ?? null]);
  const file = await made.fetch(key, {
    ttl,
    context: { storageKey: options.file.storageKey, label: options.label, ai: options.ai, quick, structure, owner: options.owner, storage: options.storage ?? getStorage() },
  });
  return file ?? null;
}

