import "server-only";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { WebhookEventType } from "@/config/api";
import type { BatchEvent } from "@/schemas/generation";
import type { Db } from "@/server/db/client";
import { apiBatch, apiHdOrder, batch, batchEvent, image, listingPhoto, visualization } from "@/server/db/schema";
import { getVisualization } from "@/server/public-api/get-visualization";
import { toApiImage } from "@/server/public-api/to-api-visualization";
import { toImageDto } from "@/server/images/image-dto";
import { enqueueWebhookEvent } from "./enqueue-webhook-event";

/**
 * Turns what happened to the API's batches into webhook events, reading each batch's own event log after the
 * last event already told (api_batch.seen_seq): a result ready (result.ready), a result failed and refunded
 * (result.failed), then every result settled (visualization.finished) and, for the last batch of a listing's
 * generation, listing.finished; and HD copies ordered through the API once made (hd.ready). Each step commits
 * with its seen_seq, so an event is queued once even if the process stops between batches.
 */
export async function collectWebhookEvents(options: { db: Db; limit?: number }): Promise<number> {
  const { db } = options;
  let queued = 0;
  const open = await db
    .select({ batchId: apiBatch.batchId, ownerId: apiBatch.ownerId, seenSeq: apiBatch.seenSeq, listingId: apiBatch.listingId, lastSeq: batch.lastSeq, free: batch.free })
    .from(apiBatch)
    .innerJoin(batch, eq(batch.id, apiBatch.batchId))
    .where(and(eq(apiBatch.finished, false), gt(batch.lastSeq, apiBatch.seenSeq)))
    .orderBy(asc(apiBatch.createdAt))
    .limit(options.limit ?? 50);
  for (const row of open) {
    queued += await db.transaction(async (tx) => {
      let n = 0;
      const events = await tx
        .select({ seq: batchEvent.seq, payload: batchEvent.payload })
        .from(batchEvent)
        .where(and(eq(batchEvent.batchId, row.batchId), gt(batchEvent.seq, row.seenSeq), sql`${batchEvent.seq} <= ${row.lastSeq}`))
        .orderBy(asc(batchEvent.seq));
      const emit = async (type: WebhookEventType, data: Record<string, unknown>) => {
        await enqueueWebhookEvent({ db: tx, ownerId: row.ownerId, type, test: row.free, data });
        n++;
      };
      for (const { payload } of events) {
        const event = payload as BatchEvent;
        if (event.type === "succeeded") {
          await emit("result.ready", { visualizationId: row.batchId, resultId: event.visualizationId, image: toApiImage(event.result), structureScore: event.structureScore, flagged: event.flagged });
        } else if (event.type === "failed") {
          await emit("result.failed", { visualizationId: row.batchId, resultId: event.visualizationId, reason: event.reason, refunded: event.refunded });
        }
      }
      const [pending] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(visualization)
        .where(and(eq(visualization.batchId, row.batchId), inArray(visualization.status, ["queued", "running"])));
      const finished = Number(pending?.n ?? 0) === 0;
      await tx.update(apiBatch).set({ seenSeq: row.lastSeq, finished }).where(eq(apiBatch.batchId, row.batchId));
      if (finished) {
        await emit("visualization.finished", { visualization: await getVisualization({ db: tx, ownerId: row.ownerId, id: row.batchId }).catch(() => ({ id: row.batchId })) });
        if (row.listingId) {
          const [others] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(apiBatch)
            .where(and(eq(apiBatch.listingId, row.listingId), eq(apiBatch.finished, false)));
          if (Number(others?.n ?? 0) === 0) await emit("listing.finished", { listingId: row.listingId });
        }
      }
      return n;
    });
  }
  // HD copies ordered through the API: made (an HD image and no order left) or failed (the order says so).
  const orders = await db
    .select({ photoId: apiHdOrder.photoId, listingId: apiHdOrder.listingId, ownerId: apiHdOrder.ownerId, hdState: listingPhoto.hdState, hd: image })
    .from(apiHdOrder)
    .innerJoin(listingPhoto, eq(listingPhoto.id, apiHdOrder.photoId))
    .leftJoin(image, eq(image.id, listingPhoto.hdImageId))
    .where(sql`${listingPhoto.hdState} is null or ${listingPhoto.hdState} = 'failed'`);
  for (const order of orders) {
    await db.transaction(async (tx) => {
      const taken = await tx.delete(apiHdOrder).where(eq(apiHdOrder.photoId, order.photoId)).returning({ id: apiHdOrder.photoId });
      if (taken.length === 0 || !order.hd || order.hdState === "failed") return;
      await enqueueWebhookEvent({ db: tx, ownerId: order.ownerId, type: "hd.ready", test: false, data: { listingId: order.listingId, photoId: order.photoId, image: toApiImage(toImageDto(order.hd)) } });
      queued++;
    });
  }
  return queued;
}
