import "server-only";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { HD_MIN_LONG_SIDE } from "@/config/listings";
import { getDb, type Db } from "@/server/db/client";
import { image, listingPhoto } from "@/server/db/schema";
import type { Engine } from "@/server/engines/engine";
import { plainUpscale } from "@/server/engines/plain-upscale";
import { AppError } from "@/server/errors";
import { newId } from "@/server/generation/new-id";
import { log } from "@/server/log";
import { getStorage } from "@/server/storage/get-storage";
import type { ImageStorage } from "@/server/storage/storage";
import { refundToken } from "@/server/tokens/refund-token";
import { spendTokens } from "@/server/tokens/spend-tokens";
import { hdIsPlain } from "./hd-is-plain";
import { listChosenResults } from "./list-chosen-results";
import { loadOwnedListing } from "./load-owned-listing";

const UPSCALE_TIMEOUT_MS = 120_000;

/**
 * The HD copy of a photo's chosen result: one token, spent before and given back if the upscale fails (both
 * keyed by the request, so a retry neither pays twice nor is refunded twice). The engine's own upscaler when
 * it has one, else a plain resampling. The copy keeps the result's hour. A photo that has its copy already
 * costs nothing.
 */
export async function upscaleChosenResult(options: {
  userId: string;
  listingId: string;
  photoId: string;
  requestId: string;
  engine?: Partial<Pick<Engine, "id" | "upscale">>;
  db?: Db;
  storage?: ImageStorage;
}): Promise<{ imageId: string; balance: number | null; plain: boolean }> {
  const { userId } = options;
  const db = options.db ?? (await getDb());
  const storage = options.storage ?? getStorage();
  await loadOwnedListing({ db, userId, listingId: options.listingId });
  const { items } = await listChosenResults({ db, listingId: options.listingId });
  const item = items.find((i) => i.photoId === options.photoId);
  if (!item) throw new AppError("NOT_FOUND");
  if (item.hd) return { imageId: item.hd.id, balance: null, plain: false };

  const spent = await spendTokens({ db, userId, amount: 1, idempotencyKey: `spend:${userId}:hd:${options.requestId}`, reference: `listing-photo:${options.photoId}` });
  // The same request again while or after the first one ran: it did the work, or refunded it.
  if (!spent.applied) throw new AppError("CONFLICT");
  let storedKey: string | null = null;
  try {
    const bytes = await storage.get(item.result.storageKey);
    if (!bytes) throw new AppError("GONE");
    const input = { image: bytes, width: item.result.width, height: item.result.height, minLongSide: HD_MIN_LONG_SIDE, signal: AbortSignal.timeout(UPSCALE_TIMEOUT_MS) };
    const engine = options.engine ?? {};
    const output = await (engine.upscale ?? plainUpscale).call(engine, input);
    const jpeg = await sharp(output.image).jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
    if (Math.max(jpeg.info.width, jpeg.info.height) < HD_MIN_LONG_SIDE) throw new Error(`upscale too small: ${jpeg.info.width}×${jpeg.info.height}`);
    const id = newId();
    const storageKey = `results/${id}.jpg`;
    await storage.put(storageKey, jpeg.data, "image/jpeg");
    storedKey = storageKey;
    await db.transaction(async (tx) => {
      await tx.insert(image).values({
        id,
        userId,
        kind: "result",
        storageKey,
        contentType: "image/jpeg",
        width: jpeg.info.width,
        height: jpeg.info.height,
        bytes: jpeg.data.length,
        expiresAt: item.result.expiresAt,
      });
      await tx.update(listingPhoto).set({ hdImageId: id }).where(and(eq(listingPhoto.id, item.photoId), eq(listingPhoto.listingId, options.listingId)));
    });
    return { imageId: id, balance: spent.balance, plain: hdIsPlain({ engine }) };
  } catch (error) {
    if (storedKey) await storage.delete(storedKey).catch(() => undefined);
    const refund = await refundToken({ db, userId, idempotencyKey: `refund:${userId}:hd:${options.requestId}`, reference: `listing-photo:${options.photoId}` });
    log.warn("listings.hd_failed", { photoId: options.photoId, error, balance: refund.balance });
    throw error;
  }
}
