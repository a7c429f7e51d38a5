import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { listingBatch, listingStyle, visualization } from "@/server/db/schema";

/**
 * The seed and style brief a listing's visualization is generated with: the listing's own for its style, the
 * seed moved by the variation's number (variations of one style and photo differ, the same variation agrees
 * across photos). Null outside a listing: the caller keeps its own seed and prompt.
 */
export async function listingBriefFor(options: { db: DbOrTx; visualizationId: string }): Promise<{ seed: number; brief: string } | null> {
  const { db } = options;
  const [own] = await db
    .select({ batchId: visualization.batchId, position: visualization.position, styleId: visualization.styleId, seed: listingStyle.seed, brief: listingStyle.brief })
    .from(visualization)
    .innerJoin(listingBatch, eq(listingBatch.batchId, visualization.batchId))
    .innerJoin(listingStyle, and(eq(listingStyle.listingId, listingBatch.listingId), eq(listingStyle.styleId, visualization.styleId)))
    .where(eq(visualization.id, options.visualizationId));
  // Listings restyle, so their visualizations have a style.
  if (!own?.styleId) return null;
  const [{ variation } = { variation: 0 }] = await db
    .select({ variation: sql<number>`count(*)` })
    .from(visualization)
    .where(and(eq(visualization.batchId, own.batchId), eq(visualization.styleId, own.styleId), lt(visualization.position, own.position)));
  // Seeds stay within a signed 32-bit integer, which every engine that takes one accepts.
  return { seed: ((own.seed + Number(variation) * 7919) % (2 ** 31 - 1)) || 1, brief: own.brief };
}
