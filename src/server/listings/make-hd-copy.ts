import "server-only";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import type { EditMode } from "@/config/edit-modes";
import { isAiResult } from "@/config/engines";
import { HD_MIN_LONG_SIDE, HD_UPSCALE_TIMEOUT_MS } from "@/config/listings";
import type { Db } from "@/server/db/client";
import { batch, image, listingPhoto, visualization } from "@/server/db/schema";
import type { Engine } from "@/server/engines/engine";
import { plainUpscale } from "@/server/engines/plain-upscale";
import { newId } from "@/server/db/new-id";
import { markDigitalSource } from "@/server/images/mark-digital-source";
import { findProofOf, markDerived } from "@/server/provenance/mark-result";
import { log } from "@/server/log";
import type { ImageStorage } from "@/server/storage/storage";
import { refundToken } from "@/server/tokens/refund-token";
import type { HdOrder } from "./claim-hd-orders";


export type HdOutcome = "made" | "failed" | "dropped";

const NOT_KEPT = Symbol("not kept");

/**
 * Makes the copy of a claimed HD order (claimHdOrders): the engine's own upscaler when it has one, else a plain
 * resampling (always, for a free order: an API test key's), as a JPEG of at least HD_MIN_LONG_SIDE px that keeps
 * the result's hour and its AI marking. A failure, or a result no longer chosen or past its hour, gives the
 * order's token back (keyed by the order, so once; a free order had none). When `signal` aborts (the process stops) the order goes back to the queue, paid and not refunded.
 */
export async function makeHdCopy(options: {
  db: Db;
  storage: ImageStorage;
  engine: Partial<Pick<Engine, "id" | "upscale">>;
  order: HdOrder;
  signal?: AbortSignal;
}): Promise<{ photoId: string; outcome: HdOutcome }> {
  const { db, storage, engine, order } = options;
  const photoId = order.id;
  const attempt = order.hd_attempt;
  const reference = `listing-photo:${photoId}`;
  // Only the worker holding this order's attempt may end it (a late one whose lease ran out changes nothing).
  const mine = and(eq(listingPhoto.id, photoId), eq(listingPhoto.hdAttempt, attempt), eq(listingPhoto.hdState, "running"));

  const giveBack = async (state: "failed" | null, why: unknown) => {
    await db.transaction(async (tx) => {
      const [ended] = await tx.update(listingPhoto).set({ hdState: state, hdLeaseUntil: null }).where(mine).returning({ id: listingPhoto.id });
      if (ended && !order.hd_free) await refundToken({ db: tx, userId: order.user_id, idempotencyKey: `hd-refund:${photoId}:${attempt}`, reference });
    });
    log.warn("listings.hd_failed", { photoId, attempt, error: why });
  };

  const [result] = order.hd_visualization_id
    ? await db
        .select({ image, engine: batch.engine, mode: batch.mode })
        .from(visualization)
        .innerJoin(image, eq(image.id, visualization.resultImageId))
        .innerJoin(batch, eq(batch.id, visualization.batchId))
        .where(eq(visualization.id, order.hd_visualization_id))
    : [];
  if (!result || result.image.expiresAt <= new Date() || order.chosen_visualization_id !== order.hd_visualization_id) {
    await giveBack(null, "the ordered result is no longer chosen or has expired");
    return { photoId, outcome: "dropped" };
  }

  let storedKey: string | null = null;
  try {
    const bytes = await storage.get(result.image.storageKey);
    if (!bytes) throw new Error("the result's file is gone");
    const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(HD_UPSCALE_TIMEOUT_MS)]) : AbortSignal.timeout(HD_UPSCALE_TIMEOUT_MS);
    const input = { image: bytes, width: result.image.width, height: result.image.height, minLongSide: HD_MIN_LONG_SIDE, signal };
    // An API test key's order costs nobody anything: the plain upscale, whatever the engine.
    const upscale = (!order.hd_free && engine.upscale) || plainUpscale;
    const output = await upscale.call(engine, input);
    const jpeg = await sharp(output.image).jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
    if (Math.max(jpeg.info.width, jpeg.info.height) < HD_MIN_LONG_SIDE) throw new Error(`upscale too small: ${jpeg.info.width}×${jpeg.info.height}`);
    // Marked as its result is (the encoder keeps no metadata): the owner's image route hands the stored copy out too.
    const ai = isAiResult(result.engine, result.mode as EditMode);
    // Its own C2PA manifest chained to the result's, and the watermark again at its size (src/server/provenance).
    const proofId = ai ? (await findProofOf({ db, resultImageId: result.image.id }))?.id : null;
    const marked = await markDerived({ image: markDigitalSource({ image: jpeg.data, ai }), parent: bytes, change: "upscaled", description: "HD copy", watermarkId: proofId });
    const id = newId();
    const storageKey = `results/${id}.jpg`;
    await storage.put(storageKey, marked, "image/jpeg");
    storedKey = storageKey;
    const kept = await db
      .transaction(async (tx) => {
        await tx.insert(image).values({
          id,
          userId: order.user_id,
          kind: "result",
          storageKey,
          contentType: "image/jpeg",
          width: jpeg.info.width,
          height: jpeg.info.height,
          bytes: marked.length,
          expiresAt: result.image.expiresAt,
        });
        const [ended] = await tx
          .update(listingPhoto)
          .set({ hdState: null, hdLeaseUntil: null, hdImageId: id })
          .where(and(mine, eq(listingPhoto.chosenVisualizationId, order.hd_visualization_id!)))
          .returning({ id: listingPhoto.id });
        if (!ended) throw NOT_KEPT; // rolls the image row back
        return true;
      })
      .catch((error: unknown) => {
        if (error === NOT_KEPT) return false;
        throw error;
      });
    if (!kept) {
      await storage.delete(storageKey).catch(() => undefined);
      // The choice changed while the copy was made: the copy is of a result nobody wants any more.
      await giveBack(null, "the chosen result changed during the upscale");
      return { photoId, outcome: "dropped" };
    }
    log.info("listings.hd_made", { photoId, attempt, width: jpeg.info.width, height: jpeg.info.height });
    return { photoId, outcome: "made" };
  } catch (error) {
    if (storedKey) await storage.delete(storedKey).catch(() => undefined);
    if (options.signal?.aborted) {
      // Shutting down: hand the order back to the queue for the next worker, paid and not refunded.
      await db.update(listingPhoto).set({ hdState: "queued", hdLeaseUntil: null }).where(mine);
      throw error;
    }
    await giveBack("failed", error);
    return { photoId, outcome: "failed" };
  }
}
