import "server-only";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { WebhookEventType } from "@/config/api";
import type { BatchEvent } from "@/schemas/generation";
import type { Db, Tx } from "@/server/db/client";
import { apiBatch, apiHdOrder, apiResultHdOrder, batch, batchEvent, image, listing, listingPhoto, visualization, webhookHdSeen, webhookResultHdSeen } from "@/server/db/schema";
import { getVisualization } from "@/server/public-api/get-visualization";
import { toApiImage } from "@/server/public-api/to-api-visualization";
import { toImageDto } from "@/server/images/image-dto";
import { enqueueWebhookEvent } from "./enqueue-webhook-event";

/**
 * Turns what happened to an account's work into webhook events: the API's batches, and the website's once the
 * owner has an account-wide endpoint (they join api_batch without a key when first seen: a batch's own event
 * log holds everything from its start, so nothing is lost however late). Each batch's log is read after the
 * last event already told (api_batch.seen_seq): a result ready (result.ready), a result failed and refunded
 * (result.failed), then every result settled (visualization.finished) and, for the last batch of a listing's
 * generation, listing.finished. Then every HD order settled since it was last looked at (webhook_hd_seen),
 * API's or website's: hd.ready once made; every single result's 4K order placed through the API once it
 * settled: hd.ready once made; and every single result's 4K copy ordered on the website and made, for an owner
 * with an account-wide endpoint (webhook_result_hd_seen). Each step commits with its marker, so an event is
 * queued once even if the process stops between steps. An event carries the key that ordered the work (null: the website),
 * which decides the endpoints (enqueueWebhookEvent).
 */
export async function collectWebhookEvents(options: { db: Db; limit?: number }): Promise<number> {
  const { db } = options;
  let queued = 0;
  // The website's batches, still alive, made after one of their owner's account-wide endpoints.
  await db.execute(sql`
    insert into api_batch (batch_id, key_id, owner_id, listing_id, created_at)
    select b.id, null, b.user_id, lb.listing_id, b.created_at
      from batch b
      left join listing_batch lb on lb.batch_id = b.id
     where b.expires_at > now()
       and exists (select 1 from webhook_endpoint e where e.owner_id = b.user_id and e.key_id is null and e.created_at <= b.created_at)
       and not exists (select 1 from api_batch a where a.batch_id = b.id)
    on conflict do nothing`);
  const open = await db
    .select({ batchId: apiBatch.batchId, ownerId: apiBatch.ownerId, keyId: apiBatch.keyId, seenSeq: apiBatch.seenSeq, listingId: apiBatch.listingId, lastSeq: batch.lastSeq, free: batch.free, teamId: batch.teamId })
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
        await enqueueWebhookEvent({ db: tx, ownerId: row.ownerId, keyId: row.keyId, teamId: row.teamId, type, test: row.free, data });
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
  // HD orders settled since last looked at: made (an HD image, no order left), failed or dropped (no event).
  const orders = await db
    .select({ photoId: listingPhoto.id, listingId: listingPhoto.listingId, ownerId: listing.userId, teamId: listing.teamId, attempt: listingPhoto.hdAttempt, hdState: listingPhoto.hdState, free: listingPhoto.hdFree, keyId: apiHdOrder.keyId, hd: image })
    .from(listingPhoto)
    .innerJoin(listing, eq(listing.id, listingPhoto.listingId))
    .leftJoin(image, eq(image.id, listingPhoto.hdImageId))
    .leftJoin(apiHdOrder, eq(apiHdOrder.photoId, listingPhoto.id))
    .leftJoin(webhookHdSeen, eq(webhookHdSeen.photoId, listingPhoto.id))
    .where(
      and(
        sql`${listingPhoto.hdOrderedAt} is not null and (${listingPhoto.hdState} is null or ${listingPhoto.hdState} = 'failed')`,
        sql`${listingPhoto.hdAttempt} > coalesce(${webhookHdSeen.attempt}, 0)`,
        sql`(${apiHdOrder.photoId} is not null or exists (select 1 from webhook_endpoint e where e.owner_id = ${listing.userId} and e.key_id is null and e.created_at <= ${listingPhoto.hdOrderedAt}))`,
      ),
    )
    .limit(options.limit ?? 50);
  for (const order of orders) {
    await db.transaction(async (tx) => {
      // The marker moves once per order: a second collector that read the same row changes nothing.
      const seen = await tx
        .insert(webhookHdSeen)
        .values({ photoId: order.photoId, attempt: order.attempt })
        .onConflictDoUpdate({ target: webhookHdSeen.photoId, set: { attempt: order.attempt }, setWhere: sql`${webhookHdSeen.attempt} < ${order.attempt}` })
        .returning({ photoId: webhookHdSeen.photoId });
      await tx.delete(apiHdOrder).where(eq(apiHdOrder.photoId, order.photoId));
      if (seen.length === 0 || !order.hd || order.hdState === "failed") return;
      const data = { listingId: order.listingId, photoId: order.photoId, image: toApiImage(toImageDto(order.hd)) };
      await enqueueWebhookEvent({ db: tx, ownerId: order.ownerId, keyId: order.keyId, teamId: order.teamId, type: "hd.ready", test: order.free, data });
      queued++;
    });
  }
  // Single results' 4K orders placed through the API, settled since: made (an HD image, no order left), failed
  // (no event), or followed by a later order (it failed; the later one is told by whoever placed it).
  const resultOrders = await db
    .select({ order: apiResultHdOrder, batchId: visualization.batchId, attempt: visualization.hdAttempt, hdState: visualization.hdState, free: batch.free, teamId: batch.teamId, hd: image })
    .from(apiResultHdOrder)
    .innerJoin(visualization, eq(visualization.id, apiResultHdOrder.visualizationId))
    .innerJoin(batch, eq(batch.id, visualization.batchId))
    .leftJoin(image, eq(image.id, visualization.hdImageId))
    .where(
      sql`${visualization.hdAttempt} > ${apiResultHdOrder.attempt} or (${visualization.hdAttempt} = ${apiResultHdOrder.attempt} and (${visualization.hdState} is null or ${visualization.hdState} = 'failed'))`,
    )
    .limit(options.limit ?? 50);
  for (const { order, ...settled } of resultOrders) {
    await db.transaction(async (tx) => {
      // Deleting the order is its marker: a second collector that read the same row deletes nothing and tells nothing.
      const mine = await tx
        .delete(apiResultHdOrder)
        .where(and(eq(apiResultHdOrder.visualizationId, order.visualizationId), eq(apiResultHdOrder.attempt, order.attempt)))
        .returning({ id: apiResultHdOrder.visualizationId });
      if (mine.length === 0 || settled.attempt !== order.attempt || !settled.hd || settled.hdState === "failed") return;
      // Told here, so the website's step below does not tell it again.
      await markResultHdSeen(tx, order.visualizationId, order.attempt);
      const data = { visualizationId: settled.batchId, resultId: order.visualizationId, image: toApiImage(toImageDto(settled.hd)) };
      await enqueueWebhookEvent({ db: tx, ownerId: order.ownerId, keyId: order.keyId, teamId: settled.teamId, type: "hd.ready", test: settled.free, data });
      queued++;
    });
  }
  // Single results' 4K copies ordered on the website and made since last looked at, while kept, for owners with
  // an account-wide endpoint made before the order (the key's endpoints hear only of the key's orders, above).
  const websiteResultOrders = await db
    .select({ id: visualization.id, batchId: visualization.batchId, attempt: visualization.hdAttempt, ownerId: batch.userId, teamId: batch.teamId, free: batch.free, hd: image })
    .from(visualization)
    .innerJoin(batch, eq(batch.id, visualization.batchId))
    .innerJoin(image, eq(image.id, visualization.hdImageId))
    .leftJoin(webhookResultHdSeen, eq(webhookResultHdSeen.visualizationId, visualization.id))
    .where(
      and(
        sql`${visualization.hdState} is null and ${image.expiresAt} > now()`,
        sql`${visualization.hdAttempt} > coalesce(${webhookResultHdSeen.attempt}, 0)`,
        sql`not exists (select 1 from ${apiResultHdOrder} o where o.visualization_id = ${visualization.id} and o.attempt = ${visualization.hdAttempt})`,
        sql`exists (select 1 from webhook_endpoint e where e.owner_id = ${batch.userId} and e.key_id is null and e.created_at <= ${visualization.hdOrderedAt})`,
      ),
    )
    .limit(options.limit ?? 50);
  for (const made of websiteResultOrders) {
    await db.transaction(async (tx) => {
      if (!(await markResultHdSeen(tx, made.id, made.attempt))) return;
      const data = { visualizationId: made.batchId, resultId: made.id, image: toApiImage(toImageDto(made.hd)) };
      await enqueueWebhookEvent({ db: tx, ownerId: made.ownerId, keyId: null, teamId: made.teamId, type: "hd.ready", test: made.free, data });
      queued++;
    });
  }
  return queued;
}

/** Moves a result's 4K marker to this order; false when it was already there (another collector told it). */
async function markResultHdSeen(tx: Tx, visualizationId: string, attempt: number): Promise<boolean> {
  const moved = await tx
    .insert(webhookResultHdSeen)
    .values({ visualizationId, attempt })
    .onConflictDoUpdate({ target: webhookResultHdSeen.visualizationId, set: { attempt }, setWhere: sql`${webhookResultHdSeen.attempt} < ${attempt}` })
    .returning({ id: webhookResultHdSeen.visualizationId });
  return moved.length > 0;
}
