import "server-only";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { batch, image, listingBatch, visualization } from "@/server/db/schema";

/**
 * The storage key of the first finished result of the same listing, mode and style as this visualization
 * (another photo's, or an earlier Generate's; for a declutter, one with the same scope and keep list), for
 * engines that take reference images; null for a visualization outside any listing, for the first of its kind,
 * and once that result's hour has passed.
 */
export async function findListingReference(options: { db: DbOrTx; visualizationId: string }): Promise<string | null> {
  const { db } = options;
  const [own] = await db
    .select({ listingId: listingBatch.listingId, styleId: visualization.styleId, mode: batch.mode, params: batch.params })
    .from(visualization)
    .innerJoin(listingBatch, eq(listingBatch.batchId, visualization.batchId))
    .innerJoin(batch, eq(batch.id, visualization.batchId))
    .where(eq(visualization.id, options.visualizationId));
  if (!own) return null;
  const [first] = await db
    .select({ storageKey: image.storageKey })
    .from(visualization)
    .innerJoin(listingBatch, eq(listingBatch.batchId, visualization.batchId))
    .innerJoin(batch, eq(batch.id, visualization.batchId))
    .innerJoin(image, eq(image.id, visualization.resultImageId))
    .where(
      and(
        eq(listingBatch.listingId, own.listingId),
        eq(batch.mode, own.mode),
        own.styleId ? eq(visualization.styleId, own.styleId) : and(isNull(visualization.styleId), sql`${batch.params} = ${JSON.stringify(own.params)}::jsonb`),
        eq(visualization.status, "succeeded"),
        ne(visualization.id, options.visualizationId),
        gt(image.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(visualization.finishedAt), asc(visualization.id))
    .limit(1);
  return first?.storageKey ?? null;
}
