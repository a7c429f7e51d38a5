import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { burnLabel } from "./burn-label";
import { resolveShareLink } from "./resolve-share-link";

/**
 * One image a client link shows (a chosen result or its photo), to anyone holding the link; nothing else. While
 * the listing's label is on, a result comes with `label` burnt in, as in the ZIP, and its AI marking kept: the
 * file a client saves says what it is, not only the page around it. Made on each request (quick encoding: tens
 * of milliseconds for a 1536 px result), so a label switched off or a revoked link takes effect at once.
 */
export async function getSharedImage(options: { token: string; imageId: string; label: string; db?: DbOrTx; storage?: ImageStorage }) {
  const db = options.db ?? (await getDb());
  const { listing, items } = await resolveShareLink({ db, token: options.token });
  const chosen = items.find((i) => i.result.id === options.imageId);
  const row = chosen?.result ?? items.map((i) => i.source).find((i) => i?.id === options.imageId);
  if (!row) throw new AppError("NOT_FOUND");
  const data = await (options.storage ?? getStorage()).get(row.storageKey);
  if (!data) throw new AppError("GONE");
  if (!chosen || !listing.disclosureLabel) return { data, contentType: row.contentType, expiresAt: row.expiresAt };
  return { data: await burnLabel({ image: data, label: options.label, ai: chosen.ai, quick: true }), contentType: "image/jpeg", expiresAt: row.expiresAt };
}
