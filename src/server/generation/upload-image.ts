import "server-only";
import { UPLOAD_MAX_BYTES } from "@/config/generation";
import { getDb, type DbOrTx } from "@/server/db/client";
import { readLimitedBody } from "@/server/images/read-limited-body";
import { normalizeImage } from "@/server/images/normalize-image";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import type { ImageDto } from "@/schemas/generation";
import { storeImage } from "./store-image";
import { toImageDto } from "./dto";

/**
 * An uploaded photo: read while counting (refused past 20 MB), checked and normalized by its bytes,
 * stored for an hour. Refusals throw AppError INVALID_IMAGE with the reason and store nothing.
 */
export async function uploadImage(options: { userId: string; body: ReadableStream<Uint8Array> | null; db?: DbOrTx; storage?: ImageStorage }): Promise<ImageDto> {
  const data = await readLimitedBody({ body: options.body, maxBytes: UPLOAD_MAX_BYTES });
  const normalized = await normalizeImage({ data });
  const row = await storeImage({
    db: options.db ?? (await getDb()),
    storage: options.storage ?? getStorage(),
    userId: options.userId,
    kind: "upload",
    data: normalized.data,
    width: normalized.width,
    height: normalized.height,
    contentType: normalized.contentType,
  });
  return toImageDto(row);
}
