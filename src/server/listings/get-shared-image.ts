import "server-only";
import { disclosureKind, type DisclosureLabels } from "@/config/listing-portals";
import { getDb, type DbOrTx } from "@/server/db/client";
import { structureOf } from "@/server/provenance/mark-result";
import { AppError } from "@/server/errors";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { hashShareToken } from "./hash-share-token";
import { labelledResultFile } from "./labelled-result-file";
import { resolveShareLink } from "./resolve-share-link";

/**
 * One image a client link shows (a chosen result or its photo), to anyone holding the link; nothing else. While
 * the listing's label is on, a result comes with its label burnt in as in the ZIP (a renovation preview for a
 * change of walls, floors or fixtures, else virtually staged), and its AI marking kept: the
 * file a client saves says what it is, not only the page around it. Made once per language (quick encoding: tens
 * of milliseconds for a 1536 px result) and kept for its hour (labelledResultFile); the link and the label are
 * checked on every request, so a label switched off or a revoked link takes effect at once. `read` gives the
 * bytes (a HEAD request does not ask).
 */
export async function getSharedImage(options: { token: string; imageId: string; labels: DisclosureLabels; db?: DbOrTx; storage?: ImageStorage }) {
  const db = options.db ?? (await getDb());
  const { listing, items } = await resolveShareLink({ db, token: options.token });
  const chosen = items.find((i) => i.result.id === options.imageId);
  const row = chosen?.result ?? items.map((i) => i.source).find((i) => i?.id === options.imageId);
  if (!row) throw new AppError("NOT_FOUND");
  const storage = options.storage ?? getStorage();
  const labelled = chosen !== undefined && listing.disclosureLabel;
  const read = async () => {
    const data = labelled
      ? await labelledResultFile({ file: row, label: options.labels[disclosureKind(chosen.mode)], ai: chosen.ai, quick: true, structure: await structureOf({ db, resultImageId: row.id }), owner: `link:${hashShareToken(options.token)}`, storage })
      : await storage.get(row.storageKey);
    if (!data) throw new AppError("GONE");
    return data;
  };
  return { contentType: labelled ? "image/jpeg" : row.contentType, expiresAt: row.expiresAt, read };
}
