import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { env } from "@/env";
import { SOURCE_MIN_REMAINING_SHARE } from "@/config/generation";
import { LISTING_MAX_VARIATIONS } from "@/config/listings";
import { findStyle } from "@/config/styles";
import { getDb, type DbOrTx } from "@/server/db/client";
import { batch, generationJob, image, listingBatch, listingPhoto, listingStyle, visualization } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { appendBatchEvents } from "@/server/generation/append-batch-events";
import { newId } from "@/server/generation/new-id";
import { newSeed } from "@/server/generation/new-seed";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import { spendTokens } from "@/server/tokens/spend-tokens";
import { loadOwnedListing } from "./load-owned-listing";
import { writeStyleBrief } from "./write-style-brief";

export type ListingGenerateMode = "restyle";

/**
 * Generate for a whole listing: photos × styles × variations tokens spent at once, in one transaction with
 * one batch per photo (its visualizations and queued jobs, as a single Generate makes them), so either all
 * of it is queued or nothing is spent. A short balance throws INSUFFICIENT_TOKENS with the balance and the
 * whole cost. Each style gets its seed and brief once per listing. A retry of the same requestId spends
 * nothing and queues nothing again.
 */
export async function generateListing(options: {
  userId: string;
  listingId: string;
  styles: string[];
  variations: number;
  mode?: ListingGenerateMode;
  requestId: string;
  /** The engine the jobs will run on (GENERATION_PROVIDER). */
  engineId: string;
  db?: DbOrTx;
}): Promise<{ batchIds: string[]; cost: number; balance: number }> {
  const { userId, styles, variations } = options;
  const db = options.db ?? (await getDb());
  if (styles.length === 0 || new Set(styles).size !== styles.length || styles.some((s) => !findStyle(s))) throw new AppError("INVALID_INPUT", { field: "styles" });
  if (!Number.isInteger(variations) || variations < 1 || variations > LISTING_MAX_VARIATIONS) throw new AppError("INVALID_INPUT", { field: "variations" });
  const row = await loadOwnedListing({ db, userId, listingId: options.listingId });
  const photos = await db
    .select({ id: listingPhoto.id, roomType: listingPhoto.roomType, image })
    .from(listingPhoto)
    .leftJoin(image, eq(image.id, listingPhoto.imageId))
    .where(eq(listingPhoto.listingId, row.id))
    .orderBy(asc(listingPhoto.position));
  if (photos.length === 0) throw new AppError("INVALID_INPUT", { field: "photos" });
  // A photo about to be deleted would take its batch with it before the results could be seen.
  const minLeftMs = env().IMAGE_TTL_SECONDS * 1000 * SOURCE_MIN_REMAINING_SHARE;
  if (photos.some((p) => !p.image || p.image.expiresAt.getTime() - Date.now() < minLeftMs)) throw new AppError("GONE");

  const cost = photos.length * styles.length * variations;
  const spendKey = `spend:${userId}:listing:${options.requestId}`;
  const batchIds = photos.map(() => newId());
  const outcome = await db.transaction(async (tx) => {
    const spent = await spendTokens({ db: tx, userId, amount: cost, idempotencyKey: spendKey, reference: `listing:${row.id}` });
    if (!spent.applied) {
      const earlier = await tx.select({ id: batch.id }).from(batch).where(and(eq(batch.userId, userId), sql`${batch.requestId} like ${`${options.requestId}:%`}`));
      return { batchIds: earlier.map((b) => b.id), balance: spent.balance, created: false };
    }
    // The first Generate of a style in this listing fixes its seed and brief; later ones reuse them.
    await tx
      .insert(listingStyle)
      .values(styles.map((styleId) => ({ listingId: row.id, styleId, seed: newSeed(), brief: writeStyleBrief(styleId) })))
      .onConflictDoNothing();
    const now = new Date();
    for (const [i, photo] of photos.entries()) {
      const batchId = batchIds[i]!;
      const source = photo.image!;
      await tx.insert(batch).values({
        id: batchId,
        userId,
        sourceImageId: source.id,
        roomType: photo.roomType,
        engine: options.engineId,
        requestId: `${options.requestId}:${photo.id}`,
        createdAt: now,
        expiresAt: new Date(Math.min(now.getTime() + env().IMAGE_TTL_SECONDS * 1000, source.expiresAt.getTime())),
      });
      await tx.insert(listingBatch).values({ batchId, listingId: row.id, photoId: photo.id, createdAt: now });
      // Variations of a style sit next to each other: position = style × variations + variation.
      const rows = styles.flatMap((styleId, s) => Array.from({ length: variations }, (_, v) => ({ id: newId(), batchId, userId, position: s * variations + v, styleId })));
      await tx.insert(visualization).values(rows);
      await tx.insert(generationJob).values(rows.map((r) => ({ visualizationId: r.id })));
      await appendBatchEvents(tx, batchId, rows.map((r) => ({ type: "queued", visualizationId: r.id })));
    }
    await tx.execute(sql`select ${notifyOnCommit("jobs", sql`'*'`)}`);
    return { batchIds, balance: spent.balance, created: true };
  });
  if (outcome.created) signalHere("jobs", "*");
  return { batchIds: outcome.batchIds, cost, balance: outcome.balance };
}
