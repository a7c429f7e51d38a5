import "server-only";
import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { image, listingBatch, visualization } from "@/server/db/schema";

/**
 * The storage key of the first finished result of the same listing and style as this visualization (another
 * photo's, or an earlier Generate's), for engines that take reference images; null for a visualization
 * outside any listing, for the first of its style, and once that result's hour has passed.
 */
export async function findListingReference(options: { db: DbOrTx; visualizationId: string }): Promise<string | null> {
  const { db } = options;
  const [own] = await db
    .select({ listingId: listingBatch.listingId, styleId: visualization.styleId })
    .from(visualization)
    .innerJoin(listingBatch, eq(listingBatch.batchId, visualization.batchId))
    .where(eq(visualization.id, options.visualizationId));
  // Listings restyle, so their visualizations have a style.
  if (!own?.styleId) return null;
  const [first] = await db
    .select({ storageKey: image.storageKey })
    .from(visualization)
    .innerJoin(listingBatch, eq(listingBatch.batchId, visualization.batchId))
    .innerJoin(image, eq(image.id, visualization.resultImageId))
    .where(
      and(
        eq(listingBatch.listingId, own.listingId),
        eq(visualization.styleId, own.styleId),
        eq(visualization.status, "succeeded"),
        ne(visualization.id, options.visualizationId),
        gt(image.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(visualization.finishedAt), asc(visualization.id))
    .limit(1);
  return first?.storageKey ?? null;
}
