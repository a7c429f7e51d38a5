import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/server/db/client";
import { batch, image, listing, listingPhoto, visualization } from "@/server/db/schema";
import type { Engine } from "@/server/engines/engine";
import { announceHdEnd } from "@/server/generation/announce-hd-end";
import { makeHdImage } from "@/server/generation/make-hd-image";
import { labelledHdKeys } from "@/server/images/result-keys";
import type { EditMode } from "@/config/edit-modes";
import { locales } from "@/config/routes";
import { log } from "@/server/log";
import { signalHere } from "@/server/realtime/signals";
import type { ImageStorage } from "@/server/storage/storage";
import { refundToken } from "@/server/tokens/refund-token";
import type { HdOrder } from "./claim-hd-orders";
import { labelledHdFile } from "./labelled-hd-file";

export type HdOutcome = "made" | "failed" | "dropped";

const NOT_KEPT = Symbol("not kept");

/**
 * Makes the copy of a claimed HD order (claimHdOrders) with makeHdImage (a plain resampling whatever the engine for
 * a free order: an API test key's), kept for the result's hour; while the listing's label is on, its labelled file
 * in every language too (labelledHdFile), so that a download only reads stored bytes. A failure, or a result no
 * longer chosen or past its hour, gives the order's token back (keyed by the order, so once; a free order had
 * none). When `signal` aborts (the process stops) the order goes back to the queue, paid and not refunded.
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

  const [result] = order.hd_visualization_id
    ? await db
        .select({ image, engine: batch.engine, mode: batch.mode, batchId: batch.id })
        .from(visualization)
        .innerJoin(image, eq(image.id, visualization.resultImageId))
        .innerJoin(batch, eq(batch.id, visualization.batchId))
        .where(eq(visualization.id, order.hd_visualization_id))
    : [];
  const announce = async (tx: Tx, state: "ready" | "failed" | null) => {
    if (result) await announceHdEnd(tx, { batchId: result.batchId, visualizationId: order.hd_visualization_id!, state });
  };
  const giveBack = async (state: "failed" | null, why: unknown) => {
    const ended = await db.transaction(async (tx) => {
      const [ended] = await tx.update(listingPhoto).set({ hdState: state, hdLeaseUntil: null }).where(mine).returning({ id: listingPhoto.id });
      if (!ended) return false;
      if (!order.hd_free) await refundToken({ db: tx, userId: order.user_id, idempotencyKey: `hd-refund:${photoId}:${attempt}`, spentUnder: `hd-spend:${photoId}:${attempt}`, reference });
      await announce(tx, state);
      return true;
    });
    if (ended && result) signalHere("batch", result.batchId);
    log.warn("listings.hd_failed", { photoId, attempt, error: why });
  };

  if (!result || result.image.expiresAt <= new Date() || order.chosen_visualization_id !== order.hd_visualization_id) {
    await giveBack(null, "the ordered result is no longer chosen or has expired");
    return { photoId, outcome: "dropped" };
  }

  let stored: { id: string; storageKey: string } | null = null;
  const forget = async () => {
    if (!stored) return;
    for (const key of [stored.storageKey, ...labelledHdKeys(stored)]) await storage.delete(key).catch(() => undefined);
  };
  try {
    const made = await makeHdImage({ db, storage, engine, result: result.image, madeBy: result, plain: order.hd_free, signal: options.signal });
    const { id, storageKey } = made;
    stored = { id, storageKey };
    // Labelled before the copy is named the photo's: the first download finds its file made.
    const [labelled] = await db.select({ on: listing.disclosureLabel }).from(listing).where(eq(listing.id, order.listing_id));
    if (labelled?.on) {
      const copy = { id, storageKey, expiresAt: result.image.expiresAt };
      for (const locale of locales) await labelledHdFile({ hd: copy, locale, mode: result.mode as EditMode, ai: made.ai, structure: made.structure, owner: order.user_id, storage });
    }
    const kept = await db
      .transaction(async (tx) => {
        await tx.insert(image).values({
          id,
          userId: order.user_id,
          // The copy is the team's when its result is.
          teamId: result.image.teamId,
          kind: "result",
          storageKey,
          contentType: "image/jpeg",
          width: made.width,
          height: made.height,
          bytes: made.bytes,
          expiresAt: result.image.expiresAt,
        });
        const [ended] = await tx
          .update(listingPhoto)
          .set({ hdState: null, hdLeaseUntil: null, hdImageId: id })
          .where(and(mine, eq(listingPhoto.chosenVisualizationId, order.hd_visualization_id!)))
          .returning({ id: listingPhoto.id });
        if (!ended) throw NOT_KEPT; // rolls the image row back
        await announce(tx, "ready");
        return true;
      })
      .catch((error: unknown) => {
        if (error === NOT_KEPT) return false;
        throw error;
      });
    if (!kept) {
      await forget();
      // The choice changed while the copy was made: the copy is of a result nobody wants any more.
      await giveBack(null, "the chosen result changed during the upscale");
      return { photoId, outcome: "dropped" };
    }
    signalHere("batch", result.batchId);
    log.info("listings.hd_made", { photoId, attempt, width: made.width, height: made.height });
    return { photoId, outcome: "made" };
  } catch (error) {
    await forget();
    if (options.signal?.aborted) {
      // Shutting down: hand the order back to the queue for the next worker, paid and not refunded.
      await db.update(listingPhoto).set({ hdState: "queued", hdLeaseUntil: null }).where(mine);
      throw error;
    }
    await giveBack("failed", error);
    return { photoId, outcome: "failed" };
  }
}
