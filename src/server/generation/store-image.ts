import "server-only";
import { env } from "@/env";
import type { DbOrTx } from "@/server/db/client";
import { image } from "@/server/db/schema";
import { makePreview } from "@/server/images/make-preview";
import { log } from "@/server/log";
import type { ImageStorage } from "@/server/storage/storage";
import { newId } from "./new-id";
import type { ImageRow } from "./dto";

/**
 * Writes the bytes, then the row that owns them; the hour starts now. If the row cannot be written the
 * object is removed again, so nothing is stored without an owner.
 */
export async function storeImage(options: {
  db: DbOrTx;
  storage: ImageStorage;
  userId: string;
  kind: "upload" | "result";
  data: Buffer;
  width: number;
  height: number;
  contentType: string;
}): Promise<ImageRow> {
  const id = newId();
  const { storageKey, previewStorageKey } = await putImageFiles(options.storage, `${options.kind}s/${id}`, options);
  const now = new Date();
  try {
    const [row] = await options.db
      .insert(image)
      .values({
        id,
        userId: options.userId,
        kind: options.kind,
        storageKey,
        previewStorageKey,
        contentType: options.contentType,
        width: options.width,
        height: options.height,
        bytes: options.data.length,
        createdAt: now,
        expiresAt: new Date(now.getTime() + env().IMAGE_TTL_SECONDS * 1000),
      })
      .returning();
    return row!;
  } catch (error) {
    await deleteImageFiles(options.storage, { storageKey, previewStorageKey });
    throw error;
  }
}

/** The image and its preview, under `<base>.webp` and `<base>.preview.webp`. */
export async function putImageFiles(storage: ImageStorage, base: string, image: { data: Buffer; width: number; contentType: string }) {
  const preview = await makePreview(image);
  const storageKey = `${base}.webp`;
  const previewStorageKey = preview ? `${base}.preview.webp` : null;
  await storage.put(storageKey, image.data, image.contentType);
  if (preview && previewStorageKey) {
    try {
      await storage.put(previewStorageKey, preview, "image/webp");
    } catch (error) {
      await storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
  }
  return { storageKey, previewStorageKey };
}

/** Both files of an image. A missing one is no error; one that cannot be deleted is logged and left. */
export async function deleteImageFiles(storage: ImageStorage, row: { storageKey: string; previewStorageKey: string | null }) {
  const keys = [row.storageKey, row.previewStorageKey].filter((key): key is string => key !== null);
  await Promise.all(keys.map((key) => storage.delete(key).catch((error: unknown) => log.warn("storage.delete_failed", { key, error }))));
}
