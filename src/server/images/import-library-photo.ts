import "server-only";
import path from "node:path";
import { readFile } from "node:fs/promises";
import { findLibraryPhoto } from "@/config/library";
import type { DbOrTx } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { normalizeImage } from "@/server/images/normalize-image";
import type { ImageStorage } from "@/server/storage/storage";
import { storeImage } from "./store-image";
import type { ImageRow } from "./image-dto";

/**
 * A library photo becomes the user's own upload (or their team's, made in it) for the hour, so batches always
 * start from a stored image.
 */
export async function importLibraryPhoto(options: { db: DbOrTx; storage: ImageStorage; userId: string; teamId?: string | null; libraryId: string }): Promise<ImageRow> {
  const photo = findLibraryPhoto(options.libraryId);
  if (!photo) throw new AppError("NOT_FOUND");
  const data = await readFile(path.join(process.cwd(), "public", photo.file));
  const normalized = await normalizeImage({ data, owner: options.userId });
  return storeImage({ ...options, kind: "upload", data: normalized.data, width: normalized.width, height: normalized.height, contentType: normalized.contentType });
}
