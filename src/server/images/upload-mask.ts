import "server-only";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { MASK_MAX_BYTES } from "@/config/generation";
import { getDb, type DbOrTx } from "@/server/db/client";
import { image } from "@/server/db/schema";
import { whiteEditMask } from "@/server/engines/masks";
import { AppError } from "@/server/errors";
import { readLimitedBody } from "@/server/images/read-limited-body";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import type { ImageDto, ImageSource } from "@/schemas/generation";
import { getBalance } from "@/server/tokens/get-balance";
import { toImageDto, type ImageRow } from "./image-dto";
import { importLibraryPhoto } from "./import-library-photo";
import { storeImage } from "./store-image";

/**
 * A mask painted over a photo: any image the browser drew (white = edit), stored as a binarised one-channel
 * PNG of exactly the photo's size, living as long as the photo. The photo is one of the person's own, or a
 * library photo that becomes theirs (only for someone with a token to spend on it: refuse first, then work).
 * A mask with nothing painted is refused: there would be nothing to edit.
 */
export async function uploadMask(options: {
  userId: string;
  source: ImageSource;
  body: ReadableStream<Uint8Array> | null;
  db?: DbOrTx;
  storage?: ImageStorage;
}): Promise<{ image: ImageDto; source: ImageDto }> {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const data = await readLimitedBody({ body: options.body, maxBytes: MASK_MAX_BYTES });
  const source = await resolvePhoto({ db, storage, userId: options.userId, source: options.source });
  let mask: Buffer;
  try {
    mask = await whiteEditMask({ mask: data, width: source.width, height: source.height });
  } catch {
    throw new AppError("INVALID_IMAGE", { reason: "maskUnreadable" });
  }
  const { max } = (await sharp(mask).stats()).channels[0]!;
  if (max === 0) throw new AppError("INVALID_INPUT", { field: "mask", reason: "emptyMask" });
  const row = await storeImage({
    db,
    storage,
    userId: options.userId,
    kind: "mask",
    data: mask,
    width: source.width,
    height: source.height,
    contentType: "image/png",
    expiresAt: source.expiresAt,
  });
  return { image: toImageDto(row), source: toImageDto(source) };
}

async function resolvePhoto(options: { db: DbOrTx; storage: ImageStorage; userId: string; source: ImageSource }): Promise<ImageRow> {
  const { db, userId, source } = options;
  if (source.type === "library") {
    const balance = await getBalance({ db, userId });
    if (balance < 1) throw new AppError("INSUFFICIENT_TOKENS", { balance, attempted: 1 });
    return importLibraryPhoto({ ...options, libraryId: source.libraryId });
  }
  const [row] = await db
    .select()
    .from(image)
    .where(and(eq(image.id, source.imageId), eq(image.userId, userId)));
  if (!row || row.kind === "mask") throw new AppError("NOT_FOUND");
  if (row.expiresAt <= new Date()) throw new AppError("GONE");
  return row;
}
