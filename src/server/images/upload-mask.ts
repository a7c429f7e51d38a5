import "server-only";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { MASK_MAX_BYTES, MASK_MAX_PIXELS } from "@/config/generation";
import { getDb, type DbOrTx } from "@/server/db/client";
import { image } from "@/server/db/schema";
import { whiteEditMask } from "@/server/engines/masks";
import { AppError, isAppError } from "@/server/errors";
import { readLimitedBody } from "@/server/images/read-limited-body";
import { sniffImageFormat } from "@/server/images/sniff-image-format";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import type { ImageDto, ImageSource } from "@/schemas/generation";
import { getBalance } from "@/server/tokens/get-balance";
import { toImageDto, type ImageRow } from "./image-dto";
import { importLibraryPhoto } from "./import-library-photo";
import { ownedBy } from "./owned-by";
import { storeImage } from "./store-image";

/**
 * A mask painted over a photo: any image the browser drew (white = edit), stored as a binarised one-channel
 * PNG of exactly the photo's size, living as long as the photo. The photo is one of the person's own (or, working in
 * a team, the team's: the mask is the team's too), or a library photo that becomes theirs (only for someone with a token to spend on it: refuse first, then work).
 * A mask with nothing painted is refused: there would be nothing to edit; so is one of another shape than the
 * photo (reason `maskMismatch`) and anything that is not a still PNG, JPEG or WebP of a mask's size
 * (`maskUnreadable`).
 */
export async function uploadMask(options: {
  userId: string;
  /** Where the person works now (null: their own account). */
  teamId?: string | null;
  source: ImageSource;
  body: ReadableStream<Uint8Array> | null;
  db?: DbOrTx;
  storage?: ImageStorage;
}): Promise<{ image: ImageDto; source: ImageDto }> {
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  const data = await readMask(options.body);
  const size = await maskSize(data);
  // Refused before a library photo is imported for it: a refusal leaves nothing behind.
  if (await isBlank(data)) throw new AppError("INVALID_INPUT", { field: "mask", reason: "emptyMask" });
  const teamId = options.teamId ?? null;
  const source = await resolvePhoto({ db, storage, userId: options.userId, teamId, source: options.source });
  // Painted at another shape, it would be stretched over parts of the photo nobody painted.
  if (Math.abs(size.width * source.height - size.height * source.width) > MASK_ASPECT_TOLERANCE * size.width * source.height) {
    throw new AppError("INVALID_INPUT", { field: "mask", reason: "maskMismatch" });
  }
  let mask: Buffer;
  try {
    mask = await whiteEditMask({ mask: data, width: source.width, height: source.height });
  } catch {
    throw unreadable();
  }
  // Scaled to the photo (nearest pixel), a few painted pixels may fall between the ones kept.
  if (await isBlank(mask)) throw new AppError("INVALID_INPUT", { field: "mask", reason: "emptyMask" });
  const row = await storeImage({
    db,
    storage,
    userId: options.userId,
    teamId,
    kind: "mask",
    data: mask,
    width: source.width,
    height: source.height,
    contentType: "image/png",
    expiresAt: source.expiresAt,
  });
  return { image: toImageDto(row), source: toImageDto(source) };
}

/** Whether nothing in the mask is painted at least half, as whiteEditMask reads it (on black, binarised at 50 %). */
async function isBlank(mask: Buffer): Promise<boolean> {
  try {
    const { max } = (await sharp(mask).flatten({ background: "#000000" }).greyscale().threshold(128).extractChannel(0).stats()).channels[0]!;
    return max === 0;
  } catch {
    throw unreadable();
  }
}

/** How far a mask's aspect ratio may differ from its photo's: the rounding of a scaled canvas, no more. */
const MASK_ASPECT_TOLERANCE = 0.01;

function unreadable(): AppError {
  return new AppError("INVALID_IMAGE", { reason: "maskUnreadable" });
}

/** The body, refused as a mask (not as a photo: the person never chose this file) when empty or too large. */
async function readMask(body: ReadableStream<Uint8Array> | null): Promise<Buffer> {
  try {
    return await readLimitedBody({ body, maxBytes: MASK_MAX_BYTES });
  } catch (error) {
    throw isAppError(error, "INVALID_IMAGE") ? unreadable() : error;
  }
}

/**
 * The size a mask declares, read from its header before anything is decoded. The browser paints a PNG; a still
 * JPEG or WebP will do. Anything else (SVG and other XML, GIF, TIFF, an animation, a document) and a header
 * declaring more pixels than a mask can have (a decompression bomb) is refused unread.
 */
async function maskSize(data: Buffer): Promise<{ width: number; height: number }> {
  let format: string;
  try {
    format = sniffImageFormat({ data });
  } catch {
    throw unreadable();
  }
  if (!MASK_FORMATS.has(format)) throw unreadable();
  const meta = await sharp(data).metadata().catch(() => null);
  if (!meta?.width || !meta.height || (meta.pages ?? 1) > 1 || meta.width * meta.height > MASK_MAX_PIXELS) throw unreadable();
  return { width: meta.width, height: meta.height };
}

const MASK_FORMATS = new Set(["png", "jpeg", "webp"]);

async function resolvePhoto(options: { db: DbOrTx; storage: ImageStorage; userId: string; teamId: string | null; source: ImageSource }): Promise<ImageRow> {
  const { db, userId, teamId, source } = options;
  if (source.type === "library") {
    const balance = await getBalance({ db, userId, teamId });
    if (balance < 1) throw new AppError("INSUFFICIENT_TOKENS", { balance, attempted: 1 });
    return importLibraryPhoto({ ...options, libraryId: source.libraryId });
  }
  const [row] = await db
    .select()
    .from(image)
    .where(and(eq(image.id, source.imageId), ownedBy(image, { userId, teamId })));
  if (!row || row.kind === "mask") throw new AppError("NOT_FOUND");
  if (row.expiresAt <= new Date()) throw new AppError("GONE");
  return row;
}
