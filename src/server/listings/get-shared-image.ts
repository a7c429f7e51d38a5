import "server-only";
import { getDb, type DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { resolveShareLink } from "./resolve-share-link";

/** One image a client link shows (a chosen result or its photo), to anyone holding the link; nothing else. */
export async function getSharedImage(options: { token: string; imageId: string; db?: DbOrTx; storage?: ImageStorage }) {
  const db = options.db ?? (await getDb());
  const { items } = await resolveShareLink({ db, token: options.token });
  const row = items.flatMap((i) => [i.result, i.source]).find((i) => i?.id === options.imageId);
  if (!row) throw new AppError("NOT_FOUND");
  const data = await (options.storage ?? getStorage()).get(row.storageKey);
  if (!data) throw new AppError("GONE");
  return { data, contentType: row.contentType, expiresAt: row.expiresAt };
}
