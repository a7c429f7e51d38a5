import "server-only";
import { UPLOAD_BODY_PACE, UPLOAD_MAX_BYTES, UPLOAD_MIN_SHORT_SIDE } from "@/config/generation";
import { AppError } from "@/server/errors";
import { getDb, type DbOrTx } from "@/server/db/client";
import { readLimitedBody } from "@/server/images/read-limited-body";
import { normalizeImage } from "@/server/images/normalize-image";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import type { ImageDto } from "@/schemas/generation";
import { admitUpload } from "./admit-upload";
import { storeImage } from "./store-image";
import { toImageDto } from "./image-dto";

/**
 * An uploaded photo: admitted first (BUSY when its account, its client address or the server has too many
 * under way; the body is then not read), read while counting (refused past 20 MB, or when it arrives too
 * slowly: UPLOAD_BODY_PACE), checked and normalized by its bytes, stored for an hour. Refusals throw AppError INVALID_IMAGE with the reason and store nothing.
 */
export async function uploadImage(options: {
  userId: string;
  /** Where the person works now: a team's photo is the team's. */
  teamId?: string | null;
  clientAddress: string;
  body: ReadableStream<Uint8Array> | null;
  db?: DbOrTx;
  storage?: ImageStorage;
}): Promise<ImageDto> {
  const release = admitUpload({ userId: options.userId, clientAddress: options.clientAddress });
  try {
    return await readAndStore(options);
  } finally {
    release();
  }
}

async function readAndStore(options: { userId: string; teamId?: string | null; body: ReadableStream<Uint8Array> | null; db?: DbOrTx; storage?: ImageStorage }): Promise<ImageDto> {
  const data = await readLimitedBody({ body: options.body, maxBytes: UPLOAD_MAX_BYTES, pace: UPLOAD_BODY_PACE });
  const normalized = await normalizeImage({ data, owner: options.userId });
  refuseUndesignable(normalized);
  const row = await storeImage({
    db: options.db ?? (await getDb()),
    storage: options.storage ?? getStorage(),
    userId: options.userId,
    teamId: options.teamId,
    kind: "upload",
    data: normalized.data,
    width: normalized.width,
    height: normalized.height,
    contentType: normalized.contentType,
  });
  return toImageDto(row);
}

/**
 * A stored photo too small or too narrow to design on (its shorter side under UPLOAD_MIN_SHORT_SIDE once its
 * longer one is at most 1536 px) is refused as `tooSmall`, before a token can be spent on it.
 */
export function refuseUndesignable(size: { width: number; height: number }): void {
  if (Math.min(size.width, size.height) < UPLOAD_MIN_SHORT_SIDE) throw new AppError("INVALID_IMAGE", { reason: "tooSmall" });
}
